// Setup of the dom test project: see consoleErrors.ts.
import { failOnUnexpectedConsoleErrors } from './consoleErrors';

failOnUnexpectedConsoleErrors();
