import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseContract, renderContract, REFERENCE_VALUES } from './contract.ts';

test('each parse of the contract is a copy of its own: one caller changing it leaves the next one untouched', () => {
  const text = renderContract(REFERENCE_VALUES);
  const first = parseContract(text);
  const title = first.info.title;
  first.info.title = 'changed by one caller';
  delete first.paths[Object.keys(first.paths)[0]!];
  const second = parseContract(text);
  assert.equal(second.info.title, title);
  assert.equal(Object.keys(second.paths).length, Object.keys(first.paths).length + 1);
});

test('another text is parsed again, not answered from the last one', () => {
  const text = renderContract(REFERENCE_VALUES);
  parseContract(text);
  const other = parseContract(text.replace(/^(\s*title:\s*).*$/m, '$1Another title'));
  assert.equal(other.info.title, 'Another title');
});
