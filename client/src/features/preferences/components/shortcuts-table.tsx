import { Fragment } from 'react';
import { appShortcuts, isApplePlatform } from '@/lib/shortcuts';

/** The app's keyboard shortcuts, with this platform's modifier keys. */
export function ShortcutsTable() {
  const shortcuts = appShortcuts(isApplePlatform());
  return (
    <table className="data-table shortcuts-table">
      <caption>Keyboard shortcuts</caption>
      <thead>
        <tr>
          <th scope="col">ACTION</th>
          <th scope="col">KEYS</th>
          <th scope="col">WHERE</th>
        </tr>
      </thead>
      <tbody>
        {shortcuts.map((shortcut) => (
          <tr key={shortcut.action}>
            <th scope="row">{shortcut.action}</th>
            <td>
              {shortcut.keys.map((key, index) => (
                <Fragment key={key}>
                  {index > 0 && ' + '}
                  <kbd>{key}</kbd>
                </Fragment>
              ))}
            </td>
            <td>{shortcut.where}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
