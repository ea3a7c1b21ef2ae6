// What the Flights screen's jobs ask before they run: the server's preview in the planner's words.
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { JobGuard } from '../jobs/useJobGuard';
import { describeImportRuleChanges } from './importRuleChanges';
import { describeSegregationChanges, losesWork } from './segregationChanges';

const query = (scenarioId: number) => ({ params: { query: { scenario_id: scenarioId } } });

export const segregationsGuard = (scenarioId: number): JobGuard => ({
  action: 'Generate segregations',
  check: async () => {
    const preview = await unwrap(api.GET('/api/allocation/generate/segregations/preview/', query(scenarioId)));
    return losesWork(preview) ? describeSegregationChanges(preview) : null;
  },
});

export const importRulesGuard = (scenarioId: number): JobGuard => ({
  action: 'Apply import rules',
  check: async () => describeImportRuleChanges(await unwrap(api.GET('/api/rules/flight-import/apply/preview/', query(scenarioId)))),
});
