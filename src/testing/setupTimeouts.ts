// Setup of the dom test project: findBy* and waitFor wait up to 10 s instead of Testing
// Library's default second. The screens run their engines in place here (happy-dom has no
// Worker): Auto Layout's ELK took over a second while .ci/run's other projects shared the 2
// cores. A wait still ends as soon as what it waits for holds, so only a failure waits longer.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
