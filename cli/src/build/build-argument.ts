import { MIN_SHORT_ID } from './find-build.js';

/** The help of the `<build>` argument of logs, artifacts and cancel (the forms find-build.ts reads). */
export const BUILD_ARGUMENT = `the build: its id as the command printed it (the short a9a72a1, at least ${MIN_SHORT_ID} characters, or all 24) or its address`;

/** The option that narrows a short build id's search to one project. */
export const PROJECT_OPTION = [
  '-p, --project <name|id>',
  'look for a short build id among this project’s builds only (default: all your projects)',
] as const;
