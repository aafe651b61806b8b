/** The copyright line of the statistics pages, with the years the whole site names. */
import { BRAND } from '@skylift/shared';
import { useCopyrightYears } from '@skylift/shared/content/copyright';

export function Copyright() {
  return (
    <p className="st-copyright">
      © {useCopyrightYears()} {BRAND.name}
    </p>
  );
}
