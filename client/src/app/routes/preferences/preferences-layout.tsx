import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '@/lib/paths';
import './preferences-layout.css';

const SECTIONS = [
  { to: paths.account, label: 'Account' },
  { to: paths.apiKeys, label: 'API Keys' },
  { to: paths.appearance, label: 'Appearance' },
  { to: paths.keybindings, label: 'Keybindings' },
] as const;

/** Preferences: a section menu (Account, API Keys, Appearance, Keybindings) beside the chosen section. */
export function PreferencesLayout() {
  return (
    <div className="preferences">
      <nav className="preferences-menu" aria-label="Preferences">
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to}>{section.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="preferences-section">
        <Outlet />
      </div>
    </div>
  );
}
