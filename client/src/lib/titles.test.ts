import { describe, expect, it } from 'vitest';
import { documentTitle, titleForRoutes } from './titles';

describe('documentTitle', () => {
  it('adds the product-name suffix to a route title', () => {
    expect(documentTitle('Projects')).toBe('Projects | Cloud Compile');
    expect(documentTitle('Account - Preferences')).toBe('Account - Preferences | Cloud Compile');
    expect(documentTitle('404')).toBe('404 | Cloud Compile');
  });

  it('is the product name alone without a title', () => {
    expect(documentTitle()).toBe('Cloud Compile');
    expect(documentTitle(null)).toBe('Cloud Compile');
    expect(documentTitle('   ')).toBe('Cloud Compile');
  });
});

describe('titleForRoutes', () => {
  it('uses the deepest route that declares a title', () => {
    expect(titleForRoutes([undefined, {}, { title: 'Appearance - Preferences' }])).toBe(
      'Appearance - Preferences | Cloud Compile',
    );
    expect(titleForRoutes([{ title: 'Outer' }, undefined, {}])).toBe('Outer | Cloud Compile');
  });

  it('is the product name when no route declares one', () => {
    expect(titleForRoutes([undefined, {}])).toBe('Cloud Compile');
    expect(titleForRoutes([])).toBe('Cloud Compile');
  });

  it('leaves the title alone under a route that manages its own', () => {
    expect(titleForRoutes([{}, { managesTitle: true }, {}])).toBeNull();
    expect(titleForRoutes([{ managesTitle: true }, { title: 'Inner' }])).toBe('Inner | Cloud Compile');
  });
});
