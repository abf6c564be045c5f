// The programs feature's public module: the program search toolbar and its rules, which the vertical
// programs list shares.
export { ProgramsToolbar } from './ProgramsToolbar.tsx';
export { NO_SEARCH, submittedSearch } from './programsSearch.ts';
export { useProgramSearchBox } from './useProgramSearchBox.ts';
export type { ProgramsSearch } from './programsSearch.ts';
