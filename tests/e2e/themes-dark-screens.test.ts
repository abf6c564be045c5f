// Every screen of the console in the dark theme, checked by axe's colour-contrast rule and photographed.
import { ADMIN, describeEveryScreenIn } from './support/themes.ts';
import { useE2eSuite } from './support/suite.ts';

describeEveryScreenIn('dark', useE2eSuite({ signedInAs: ADMIN }));
