/** `./CompactSearch`: the compact search inside the site, moving with the site's router. */
import { useNavigate } from 'react-router-dom';
import { useRuntimeConfig } from '@skylift/shared';
import type { SlotProps } from '@skylift/shared/pages';
import { CompactSearchBox } from './CompactSearchBox';

export function CompactSearch({ className }: SlotProps) {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  return <CompactSearchBox config={config?.search ?? null} go={(path) => void navigate(path)} className={className} />;
}
