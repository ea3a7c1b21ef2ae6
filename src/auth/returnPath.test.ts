import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPathFrom } from './returnPath';

describe('the return path after signing in again', () => {
  it('carries the page and query the planner was on, and why they were sent away', () => {
    expect(signInPathFrom('/app/allocation/makeup?zoom=2', true)).toBe('/auth/signin?ended=1&next=%2Fapp%2Fallocation%2Fmakeup%3Fzoom%3D2');
    expect(signInPathFrom('/app/projects', false)).toBe('/auth/signin?next=%2Fapp%2Fprojects');
    expect(signInPathFrom('/auth/signin', true)).toBe('/auth/signin?ended=1');
  });

  it('accepts only pages of the app', () => {
    expect(safeReturnPath('/app/simulation')).toBe('/app/simulation');
    expect(safeReturnPath('/app')).toBe('/app');
    for (const bad of [null, '', 'https://evil.example/app/x', '//evil.example/app', '/application', '/app\\..\\x', '/auth/signin']) {
      expect(safeReturnPath(bad)).toBe('/app/projects');
    }
  });
});
