import { useMemo } from 'react';
import { useRuntimeConfig } from '@skylift/shared';
import type { MarkdownValues } from './renderMarkdown';

const trim = (url: string): string => url.replace(/\/+$/, '');

/** This deployment's addresses, for the `{{cdnUrl}}`-style placeholders of content documents. */
export function useMarkdownValues(): MarkdownValues {
  const config = useRuntimeConfig();
  return useMemo((): MarkdownValues => {
    if (!config) return {};
    return {
      brand: config.brand,
      wwwUrl: trim(config.wwwUrl),
      cdnUrl: trim(config.cdnUrl),
      dataApiUrl: trim(config.dataApiUrl),
      esmRunUrl: trim(config.esmRunUrl),
      purgeUrl: trim(config.purgeUrl),
    };
  }, [config]);
}
