// The program search box and its type select: they hold what the user is choosing until a submit, and
// follow the search in the address when it changes from elsewhere (back, forward, a bookmark).
import { useState } from 'react';
import type { ProgramSearchType } from '@hc/shared/api/programs';
import { useFollowedText } from '../../lib/list-page/useListPage.ts';
import type { ProgramsSearch } from './programsSearch.ts';

export function useProgramSearchBox(search: ProgramsSearch) {
  const [text, setText] = useFollowedText(search.text);
  const [typeChoice, setTypeChoice] = useState({ seen: search.type, type: search.type });
  const type = typeChoice.seen === search.type ? typeChoice.type : search.type;
  const setType = (next: ProgramSearchType) => setTypeChoice({ seen: search.type, type: next });
  return { text, setText, type, setType };
}
