// Before the browser suites: the services must answer (as for every suite), and the web app is built
// once here, before the test files start side by side, so two files never run the same build at once.
import servicesAnswer from '../../support/global-setup.ts';
import { buildWebOnce } from './server.ts';

export default async function globalSetup() {
  await servicesAnswer();
  buildWebOnce();
}
