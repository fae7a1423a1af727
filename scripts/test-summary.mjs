// Adds up the Vitest and Playwright JSON reports into one closing line: "N passed, N failed".
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestFile, playwrightFile] = process.argv.slice(2);

if (vitestFile && fs.existsSync(vitestFile)) {
  const report = JSON.parse(fs.readFileSync(vitestFile, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A test that passed with failure messages failed first and passed on its retry (CI only).
  const flaky = (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'passed' && test.failureMessages?.length)
      .map((test) => `${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`),
  );
  if (flaky.length) {
    console.log(`flaky unit/server tests (passed only on retry; fix these): ${flaky.length}`);
    for (const name of flaky) console.log(`  ${name}`);
  }
} else {
  failed += 1; // no report means the runner did not run
}

if (playwrightFile && fs.existsSync(playwrightFile)) {
  const report = JSON.parse(fs.readFileSync(playwrightFile, 'utf8'));
  const stats = report.stats ?? {};
  if (stats.flaky) {
    const flaky = [];
    const visit = (suite) => {
      for (const spec of suite.specs ?? []) {
        if (spec.tests?.some((test) => test.status === 'flaky'))
          flaky.push(`${spec.file}:${spec.line} › ${spec.title}`);
      }
      (suite.suites ?? []).forEach(visit);
    };
    (report.suites ?? []).forEach(visit);
    console.log(`flaky (passed only on retry; fix these): ${stats.flaky}`);
    for (const name of flaky) console.log(`  ${name}`);
  }
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
} else {
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
