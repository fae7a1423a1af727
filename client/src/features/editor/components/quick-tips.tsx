import { Fragment } from 'react';
import { appShortcuts, isApplePlatform, type ShortcutAction } from '@/lib/shortcuts';

const TIPS: [label: string, action: ShortcutAction][] = [
  ['SAVE AND BUILD', 'Save and build'],
  ['QUICK SAVE', 'Save'],
  ['GOTO LINE', 'Go to line'],
];

/**
 * What the editor shows with no file open: the shortcuts of the real product ("Ctrl + s"), with this
 * platform's keys (Cmd on a Mac, where the editor binds Cmd).
 */
export function QuickTips({ hasFiles, apple = isApplePlatform() }: { hasFiles: boolean; apple?: boolean }) {
  const shortcuts = appShortcuts(apple);
  return (
    <div className="quick-tips">
      <p>{hasFiles ? 'Open a file from the Files panel to edit it.' : 'Create or upload a file to get started.'}</p>
      <dl>
        {TIPS.map(([label, action]) => (
          <div key={action}>
            <dt>{label}</dt>
            <dd>
              {shortcuts
                .find((shortcut) => shortcut.action === action)!
                .keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 && ' + '}
                    <kbd>{key.length === 1 ? key.toLowerCase() : key}</kbd>
                  </Fragment>
                ))}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
