import { splitSpecList } from './specList';

describe('splitSpecList', () => {
  it('splits at white space and commas', () => {
    expect(splitSpecList('react@18, react-dom@18/client\nlit,,  ')).toEqual(['react@18', 'react-dom@18/client', 'lit']);
  });

  it('keeps the commas of a list option inside its spec, and ends the list at the next option or spec', () => {
    expect(splitSpecList('swr@2?deps=react@18.3.1,react-dom@18.3.1&dev,lit')).toEqual(['swr@2?deps=react@18.3.1,react-dom@18.3.1&dev', 'lit']);
    expect(splitSpecList('lodash-es?exports=debounce,throttle react@18?dev,lit')).toEqual(['lodash-es?exports=debounce,throttle', 'react@18?dev', 'lit']);
    expect(splitSpecList('react@18?target=es2020,lit')).toEqual(['react@18?target=es2020', 'lit']);
  });
});
