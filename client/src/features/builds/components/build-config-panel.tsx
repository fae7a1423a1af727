import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { TriangleAlert } from 'lucide-react';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api/error-message';
import type { ProjectConfig } from '@/lib/api/schemas';
import { EXTERNAL_LINKS } from '@/lib/external-links';
import { useBuildConfigs } from '@/lib/api/build-configs';
import { updateProjectConfig } from '@/lib/api/projects';
import { trackConfigSave } from '../api/config-saves';
import { changeConfig, LEGACY_FIRMWARE_LIMIT, sameConfig, targetLabel } from '../utils/config-summary';
import './builds.css';

export interface BuildConfigPanelProps {
  projectId: string;
  /** The project's configuration as loaded. */
  config: ProjectConfig;
  /** Called after each successful save, so the page can revalidate its project. */
  onConfigSaved?: () => void;
}

export const CONFIG_SAVE_FAILED_TITLE = 'Failed to save the build configuration';

/**
 * The editor's Build Configuration panel (the real product's): OS version, hardware model, number of
 * slots (the model's own options), target interface, output interpolation, and the pointer to the legacy
 * tool for old firmware. Each change saves at once (the next build uses it); saves run one after another
 * in the order made. A failed save shows why in a toast and puts the controls back to what the server has.
 */
export function BuildConfigPanel({ projectId, config, onConfigSaved }: BuildConfigPanelProps) {
  const id = useId();
  const { data: options, error, isLoading, mutate } = useBuildConfigs();
  const [shown, setShown] = useState(config);
  const [saving, setSaving] = useState(0);
  // How the last save went, said next to the form: "Saved", or why not.
  const [outcome, setOutcome] = useState<{ saved: true } | { error: string } | null>(null);
  // A new configuration from the page (it re-read the project, or opened another) is what to show.
  const [loadedConfig, setLoadedConfig] = useState(config);
  if (!sameConfig(loadedConfig, config)) {
    setLoadedConfig(config);
    setShown(config);
  }
  // What the server has: the page's configuration, then each successful save. A failed save goes back to it.
  const confirmed = useRef(config);
  useEffect(() => {
    confirmed.current = loadedConfig;
  }, [loadedConfig]);
  const saveChain = useRef<Promise<void>>(Promise.resolve());

  if (isLoading) return <Spinner label="Loading build configuration" />;
  if (error || !options) {
    return (
      <div className="build-config-panel" role="alert">
        <p className="error-text">{errorMessage(error, 'The build configuration options could not be loaded.')}</p>
        <button type="button" className="button" onClick={() => void mutate()}>
          Try again
        </button>
      </div>
    );
  }

  const change = (patch: Partial<ProjectConfig>) => {
    const next = changeConfig(shown, patch, options);
    if (sameConfig(next, shown)) return;
    setShown(next);
    setOutcome(null);
    setSaving((count) => count + 1);
    saveChain.current = saveChain.current.then(async () => {
      try {
        await updateProjectConfig(projectId, next);
        confirmed.current = next;
        setOutcome({ saved: true });
        onConfigSaved?.();
      } catch (saveError) {
        const why = errorMessage(saveError, 'An unknown error occurred.');
        toast.error(CONFIG_SAVE_FAILED_TITLE, { description: why });
        setOutcome({ error: why });
        setShown(confirmed.current);
      } finally {
        setSaving((count) => count - 1);
      }
    });
    trackConfigSave(projectId, saveChain.current);
  };

  const model = options.hardware.find((candidate) => candidate.id === shown.hardware);
  const slotChoices = model?.slots.length ? model.slots : [shown.slots];
  const target = options.targets.find((candidate) => candidate.id === shown.target);
  const targetChoices = options.targets.map((candidate) => ({ id: candidate.id, label: targetLabel(candidate) }));
  // Values the options no longer list (an old project) stay selectable, so opening the panel changes nothing.
  const osChoices = options.os_versions.includes(shown.os_version)
    ? options.os_versions
    : [shown.os_version, ...options.os_versions];

  return (
    <section className="build-config-panel" aria-labelledby={`${id}-title`} aria-busy={saving > 0}>
      <h2 id={`${id}-title`} className="build-panel-title">
        Build Configuration
      </h2>
      <p className="build-config-outcome" role="status">
        {saving > 0 ? 'Saving…' : outcome && 'saved' in outcome ? 'Saved' : ''}
      </p>
      {saving === 0 && outcome && 'error' in outcome && (
        <p className="build-config-outcome error-text" role="alert">
          Not saved: {outcome.error}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-os`}>OS version</label>
        <select
          id={`${id}-os`}
          value={shown.os_version}
          onChange={(event) => change({ os_version: event.target.value })}
        >
          {osChoices.map((version) => (
            <option key={version} value={version}>
              {version}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-hardware`}>Hardware</label>
        <select
          id={`${id}-hardware`}
          value={shown.hardware}
          onChange={(event) => change({ hardware: event.target.value })}
        >
          {!model && <option value={shown.hardware}>{shown.hardware}</option>}
          {options.hardware.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name} ({candidate.clock_mhz} MHz)
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-slots`}>Number of slots</label>
        <select
          id={`${id}-slots`}
          value={shown.slots}
          onChange={(event) => change({ slots: Number(event.target.value) })}
        >
          {slotChoices.map((slots) => (
            <option key={slots} value={slots}>
              {slots}
            </option>
          ))}
        </select>
      </div>
      {/* Choices, not a select: a target's name ("Custom Instrument, full rate (interlaced)") is longer than
          a phone's or the side panel's width, and a select cuts its text where a label wraps. */}
      <fieldset className="build-config-choices" aria-describedby={target ? `${id}-target-help` : undefined}>
        <legend>Target interface</legend>
        {[...(target ? [] : [{ id: shown.target, label: shown.target }]), ...targetChoices].map((choice) => (
          <label key={choice.id} className="build-config-choice">
            <input
              type="radio"
              name={`${id}-target`}
              value={choice.id}
              checked={choice.id === shown.target}
              onChange={() => change({ target: choice.id })}
            />
            {choice.label}
          </label>
        ))}
        {target && (
          <p id={`${id}-target-help`} className="build-config-help">
            {target.description}
          </p>
        )}
      </fieldset>
      <div className="build-config-toggle">
        <input
          id={`${id}-interpolation`}
          type="checkbox"
          role="switch"
          checked={shown.interpolation}
          aria-describedby={`${id}-interpolation-help`}
          onChange={(event) => change({ interpolation: event.target.checked })}
        />
        <label htmlFor={`${id}-interpolation`}>Output interpolation</label>
        <p id={`${id}-interpolation-help`} className="build-config-help">
          {options.interpolation.description}
        </p>
      </div>
      <p className="build-config-warning">
        <TriangleAlert size={16} aria-hidden="true" />
        <span>
          For instruments on firmware {LEGACY_FIRMWARE_LIMIT} or older, use the{' '}
          <a href={EXTERNAL_LINKS.legacyTool} target="_blank" rel="noreferrer">
            legacy compile tool
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </span>
      </p>
    </section>
  );
}
