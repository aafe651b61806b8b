/** The links and tags of the selected files under the current options, each file alone and combined. */
import { Link } from 'react-router-dom';
import { Notice } from '@skylift/shared';
import type { CollectionLinks, LinkNote, CollectionItem } from '@skylift/shared/links';
import { LinkRow } from './LinkRow';
import styles from './collection.module.css';

function NoteText({ note }: { note: LinkNote }) {
  return (
    <Notice variant={note.severity === 'warning' ? 'warning' : 'info'} className={styles.collNote}>
      {note.text}
      {note.link && (
        <>
          {' '}
          <Link to={note.link.href}>{note.link.text}</Link>
        </>
      )}
    </Notice>
  );
}

export function GeneratedLinks({ links, html }: { links: CollectionLinks<CollectionItem>; html: boolean }) {
  const what = html ? 'HTML' : 'link';
  return (
    <section className={styles.collSection} aria-labelledby="pkg-coll-links-heading">
      <h3 id="pkg-coll-links-heading" className={styles.collSubheading}>
        {html ? 'Tags' : 'Links'}
      </h3>
      {links.combined.length > 0 && (
        <div className={styles.collGroup}>
          {links.combined.map((combined) => (
            <LinkRow
              key={combined.kind}
              title={
                <>
                  <strong>Combined {combined.kind.toUpperCase()}</strong> <span className={styles.collMuted}>{combined.count} files in one request</span>
                </>
              }
              text={combined.text}
              copyLabel={`Copy combined ${combined.kind.toUpperCase()} ${what}`}
            />
          ))}
        </div>
      )}
      {links.notes.map((note) => (
        <NoteText key={note.id} note={note} />
      ))}
      <div className={styles.collGroup}>
        {links.files.map((file) => (
          <LinkRow
            key={`${file.item.type}/${file.item.name}@${file.item.version}${file.item.file}`}
            title={
              <>
                <strong>{file.item.name}</strong>
                <span className={styles.collMuted}>{file.item.file}</span>
                {file.integrity && <span className={`${styles.collBadge} ${styles.collBadgeSri}`}>SRI</span>}
              </>
            }
            text={file.text}
            copyLabel={`Copy ${file.text === file.html ? 'HTML' : 'link'} for ${file.item.name}${file.item.file}`}
          />
        ))}
      </div>
    </section>
  );
}
