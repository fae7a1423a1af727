/**
 * Where a build artifact downloads from (getArtifact). A plain same-origin link: the browser sends the
 * sign-in cookies and the API answers `Content-Disposition: attachment`, so the file streams straight
 * to disk however large it is, instead of passing through memory as an XHR blob would.
 */
export function artifactUrl(buildId: string, artifactName: string): string {
  return `/api/builds/${encodeURIComponent(buildId)}/artifacts/${encodeURIComponent(artifactName)}`;
}
