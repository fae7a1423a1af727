/** Placeholder for the build list (route name `builds`), filled by the builds issue. */
export function BuildListRoute() {
  return <p>The build list of this project appears here.</p>;
}
