import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api/error-message';
import { SaveConflictError, type EditorStore } from '../store/editor-store';

export interface SavingOptions {
  /** Queues a build; called by Build and F8 after every dirty file was saved. */
  onBuild?: () => Promise<unknown>;
  /** A polite status message ("Saved adder.vhd"). */
  announce(text: string): void;
  /** The saved version replaced a file's unsaved edits ("Discard mine, load theirs"). */
  onReloaded(name: string): void;
}

/**
 * Save, Save all, and Save-and-build, with the save-conflict queue: a save over a version saved elsewhere
 * is not lost but asked about (keep mine, or load theirs), one file at a time.
 */
export function useSaving(store: EditorStore, { onBuild, announce, onReloaded }: SavingOptions) {
  const [conflicts, setConflicts] = useState<string[]>([]);
  const [building, setBuilding] = useState(false);
  const buildingRef = useRef(false);

  const reportSaveFailures = (failed: { name: string; error: unknown }[]) => {
    const conflicted = failed.filter((f) => f.error instanceof SaveConflictError).map((f) => f.name);
    if (conflicted.length) setConflicts((current) => [...new Set([...current, ...conflicted])]);
    const others = failed.filter((f) => !(f.error instanceof SaveConflictError));
    if (others.length) {
      toast.error(`Could not save ${others.map((f) => f.name).join(', ')}`, {
        description: errorMessage(others[0]!.error, 'Your changes are kept. Please try again.'),
      });
    }
  };

  const saveActive = async () => {
    const name = store.getState().activeFile;
    if (!name) return;
    if (!(name in store.getState().dirty)) {
      announce(`${name} has no unsaved changes`);
      return;
    }
    try {
      await store.saveFile(name);
      announce(`Saved ${name}`);
    } catch (error) {
      reportSaveFailures([{ name, error }]);
    }
  };

  /** Saves every dirty file; true when all of them are saved. */
  const saveAll = async (): Promise<boolean> => {
    const result = await store.saveAll();
    if (result.saved.length) announce(`Saved ${result.saved.join(', ')}`);
    reportSaveFailures(result.failed);
    return result.failed.length === 0;
  };

  const saveAndBuild = async () => {
    if (!onBuild || buildingRef.current) return;
    buildingRef.current = true;
    setBuilding(true);
    try {
      if (!(await saveAll())) {
        toast.error('The build was not queued', {
          description: 'Some files could not be saved. Resolve that, then build again.',
        });
        return;
      }
      await onBuild();
    } finally {
      buildingRef.current = false;
      setBuilding(false);
    }
  };

  const conflictFile = conflicts[0] ?? null;
  const resolveConflict = () => setConflicts((current) => current.slice(1));
  const keepMine = async () => {
    if (!conflictFile) return;
    try {
      await store.saveFile(conflictFile, { overwrite: true });
      announce(`Saved ${conflictFile}`);
      resolveConflict();
    } catch (error) {
      toast.error(`Could not save ${conflictFile}`, {
        description: errorMessage(error, 'Your changes are kept. Please try again.'),
      });
    }
  };
  const useTheirs = async () => {
    if (!conflictFile) return;
    try {
      await store.reloadFile(conflictFile);
      onReloaded(conflictFile);
      announce(`Loaded the saved version of ${conflictFile}`);
      resolveConflict();
    } catch (error) {
      toast.error(`Could not load ${conflictFile}`, { description: errorMessage(error, 'Please try again.') });
    }
  };

  return { saveActive, saveAll, saveAndBuild, building, conflictFile, keepMine, useTheirs, resolveConflict };
}
