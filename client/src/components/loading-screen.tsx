import { Spinner } from './spinner';

/** The full-screen spinner of spec §2, labelled LOADING. */
export function LoadingScreen() {
  return (
    <div className="loading-screen">
      <Spinner label="LOADING" showLabel />
    </div>
  );
}
