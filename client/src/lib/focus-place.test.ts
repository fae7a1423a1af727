// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { focusIsLost, rememberPlace } from './focus-place';

const page = (html: string) => {
  document.body.innerHTML = html;
};
const byId = (id: string) => document.getElementById(id)!;

const KEYS = `
  <section>
    <h2 id="heading">API keys</h2>
    <table><tbody id="rows">
      <tr id="row-1"><td>ci</td><td><button id="copy-1">Copy</button><button id="revoke-1">Revoke ci</button></td></tr>
      <tr id="row-2"><td>laptop</td><td><button id="copy-2">Copy</button><button id="revoke-2">Revoke laptop</button></td></tr>
      <tr id="row-3"><td>lab</td><td><button id="copy-3">Copy</button><button id="revoke-3">Revoke lab</button></td></tr>
    </tbody></table>
  </section>`;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('rememberPlace', () => {
  it('gives the element itself while it is in the page', () => {
    page(KEYS);
    expect(rememberPlace(byId('revoke-2'))()).toBe(byId('revoke-2'));
  });

  it('gives the same control of the row that moved into the removed row’s place', () => {
    page(KEYS);
    const place = rememberPlace(byId('revoke-2'));
    byId('row-2').remove();
    expect(place()).toBe(byId('revoke-3'));
  });

  it('gives the new last row’s control when the last row went', () => {
    page(KEYS);
    const place = rememberPlace(byId('revoke-3'));
    byId('row-3').remove();
    expect(place()).toBe(byId('revoke-2'));
  });

  it('finds the row in its place when the list drew its rows anew', () => {
    page(KEYS);
    const place = rememberPlace(byId('copy-1'));
    // A re-render that replaced every row element: the first row's place now holds "laptop".
    byId('rows').innerHTML = byId('rows').innerHTML.replace(/<tr id="row-1">.*?<\/tr>/s, '');
    expect(place()?.textContent).toBe('Copy');
    expect(place()?.id).toBe('copy-2');
  });

  it('gives the region’s heading, focusable from code only, once the list is empty', () => {
    page(KEYS);
    const place = rememberPlace(byId('revoke-1'));
    byId('rows').replaceChildren();
    const target = place();
    expect(target).toBe(byId('heading'));
    expect(target?.tabIndex).toBe(-1);
    target?.focus();
    expect(document.activeElement).toBe(byId('heading'));
  });

  it('gives the heading when what replaced the rows has no control (an empty-state row)', () => {
    page(KEYS);
    const place = rememberPlace(byId('revoke-1'));
    byId('rows').innerHTML = '<tr><td colspan="2">No API keys yet</td></tr>';
    expect(place()).toBe(byId('heading'));
  });

  it('in a tablist, gives the selected tab, not the neighbour', () => {
    page(`
      <section><h1>Adder</h1>
        <div role="tablist" id="tabs">
          <div role="tab" id="a" tabindex="-1" aria-selected="false">a.vhd</div>
          <div role="tab" id="b" tabindex="0" aria-selected="true">b.vhd</div>
          <div role="tab" id="c" tabindex="-1" aria-selected="false">c.vhd</div>
        </div>
      </section>`);
    const place = rememberPlace(byId('b'));
    byId('b').remove();
    byId('a').setAttribute('aria-selected', 'true');
    expect(place()).toBe(byId('a'));
  });

  it('gives nothing for an element outside any list once it is gone, when no region heading exists', () => {
    page('<div><button id="lonely">Go</button></div>');
    const place = rememberPlace(byId('lonely'));
    byId('lonely').remove();
    expect(place()).toBeNull();
  });
});

describe('focusIsLost', () => {
  it('is true when the focused element left the page, false while a control has focus', () => {
    page(KEYS);
    byId('revoke-1').focus();
    expect(focusIsLost()).toBe(false);
    byId('row-1').remove();
    expect(focusIsLost()).toBe(true);
  });
});

describe('rememberPlace, regions', () => {
  it('climbs to the nearest region with a heading when the list’s own region has none', () => {
    page(`
      <main><h1 id="title">Projects</h1>
        <section><ul id="rows"><li><button id="only">Actions for Adder</button></li></ul></section>
      </main>`);
    const place = rememberPlace(byId('only'));
    byId('rows').replaceChildren();
    expect(place()).toBe(byId('title'));
  });
});
