// Every screen of the console in the dark theme, checked by axe's colour-contrast rule and photographed.
import { ADMIN, describeEveryScreenIn } from './support/themes.ts';
import { test } from './support/fixtures.ts';

test.use({ e2e: { signedInAs: ADMIN } });
describeEveryScreenIn('dark');
