/**
 * A list of package specs as people write it for an import map (`react@18, react-dom@18/client?dev\nlit`), split
 * into specs: at white space, and at commas, except inside the value of an option that is itself a list
 * (`?deps=react@18.3.1,react-dom@18.3.1`, `?exports=a,b`). The import map generator of the data API and its page
 * on the website split alike.
 */

/** The `+esm` options whose values are lists separated by commas. */
const LIST_OPTIONS = /[?&](deps|exports)=$/;

export function splitSpecList(text: string): string[] {
  const specs: string[] = [];
  let current = '';
  let inList = false;
  const end = (): void => {
    if (current !== '') specs.push(current);
    current = '';
    inList = false;
  };
  for (const char of text) {
    if (/\s/.test(char)) end();
    else if (char === ',' && !inList) end();
    else {
      current += char;
      if (char === '&' || char === '?') inList = false;
      else if (char === '=') inList = LIST_OPTIONS.test(current);
    }
  }
  end();
  return specs;
}
