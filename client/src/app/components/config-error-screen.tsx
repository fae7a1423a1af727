import { Logo } from '@/components/logo';
import { PRODUCT_NAME } from '@/lib/product';

/** A readable stop when config.json is missing or incomplete: sign-in cannot start without it. */
export function ConfigErrorScreen({ problems }: { problems: string[] }) {
  return (
    <main className="error-screen">
      <Logo size={48} />
      <h1>{PRODUCT_NAME} cannot start</h1>
      <p>The sign-in configuration (config.json) is not usable:</p>
      <div role="alert">
        <ul className="problem-list">
          {problems.map((problem) => (
            <li key={problem}>
              <code>{problem}</code>
            </li>
          ))}
        </ul>
      </div>
      <p>Ask the administrator of this site to fix its configuration.</p>
    </main>
  );
}
