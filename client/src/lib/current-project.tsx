import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** The project the editor or builds page has loaded; the nav bar links to it (spec §2 "Nav bar"). */
export interface CurrentProject {
  id: string;
  name: string;
}

interface CurrentProjectState {
  project: CurrentProject | null;
  setProject: (project: CurrentProject | null) => void;
}

const CurrentProjectContext = createContext<CurrentProjectState | null>(null);

export function CurrentProjectProvider({ children }: { children: ReactNode }) {
  const [project, setProjectState] = useState<CurrentProject | null>(null);
  const value = useMemo<CurrentProjectState>(
    () => ({
      project,
      // Same id and name: keep the old object so consumers do not re-render for nothing.
      setProject: (next) =>
        setProjectState((previous) =>
          previous && next && previous.id === next.id && previous.name === next.name ? previous : next,
        ),
    }),
    [project],
  );
  return <CurrentProjectContext.Provider value={value}>{children}</CurrentProjectContext.Provider>;
}

function useCurrentProjectState(): CurrentProjectState {
  const state = useContext(CurrentProjectContext);
  if (!state) throw new Error('Current-project hooks must be used inside CurrentProjectProvider');
  return state;
}

/** The loaded project, or null when none is. */
export function useCurrentProject(): CurrentProject | null {
  return useCurrentProjectState().project;
}

/** For the pages that load a project (editor, builds): announce it, or null to clear it. */
export function useSetCurrentProject(): (project: CurrentProject | null) => void {
  return useCurrentProjectState().setProject;
}
