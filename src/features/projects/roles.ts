// The three project roles as the tables offer them (DESIGN section 3: owners manage members).
export const ROLE_OPTIONS = [
  { value: 'owner', label: 'Owner' },
  { value: 'editor', label: 'Editor' },
  { value: 'viewer', label: 'Viewer' },
] as const;

export type Role = (typeof ROLE_OPTIONS)[number]['value'];
