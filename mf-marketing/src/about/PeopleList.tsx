import { proxiedImageUrl, useRuntimeConfig } from '@skylift/shared';
import { PEOPLE } from '../content/content';
import type { Person } from '../content/types';
import aboutStyles from './About.module.css';
import infoPageStyles from '../layout/InfoPage.module.css';

const GROUPS: Array<{ key: keyof typeof PEOPLE; title: string }> = [
  { key: 'coreTeam', title: 'Core team' },
  { key: 'frequentContributors', title: 'Frequent contributors' },
  { key: 'contributors', title: 'Contributors' },
];

function PersonCard({ person }: { person: Person }) {
  const name = person.url ? <a href={person.url}>{person.name}</a> : person.name;
  const config = useRuntimeConfig();
  // An avatar of another host comes through our image proxy, like every avatar the site shows.
  const avatar = person.avatar && config ? proxiedImageUrl(person.avatar, config) : null;
  return (
    <li className={aboutStyles.person}>
      {avatar ? <img src={avatar} alt="" width={64} height={64} loading="lazy" /> : null}
      <span>{name}</span>
      {person.role ? <span className={aboutStyles.personRole}>{person.role}</span> : null}
    </li>
  );
}

/** The people of content/people.json in three groups; empty groups are left out. */
export function PeopleList() {
  const groups = GROUPS.filter((group) => PEOPLE[group.key].length > 0);
  return (
    <section id="people" aria-labelledby="mk-people-title">
      <h2 id="mk-people-title">People</h2>
      {groups.length === 0 ? (
        <div className={infoPageStyles.empty}>
          <p>This deployment has not listed the people who run it yet.</p>
        </div>
      ) : (
        groups.map((group) => (
          <div key={group.key}>
            <h3>{group.title}</h3>
            <ul className={aboutStyles.peopleList}>
              {PEOPLE[group.key].map((person) => (
                <PersonCard key={person.name} person={person} />
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
