import { NavLink } from 'react-router-dom';
import './AboutTabs.css';

/** The About / History switch at the top of both pages. */
export function AboutTabs() {
  return (
    <nav aria-label="About and history" className="mk-about-tabs">
      <NavLink to="/about" end>
        About
      </NavLink>
      <NavLink to="/history" end>
        History
      </NavLink>
    </nav>
  );
}
