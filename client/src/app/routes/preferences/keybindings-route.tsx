import { KeybindingsPreferences } from '@/features/preferences/components/keybindings-preferences';

export function KeybindingsRoute() {
  return <KeybindingsPreferences />;
}
