import { Link } from 'react-router';
import { Film, MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UserCollectionList } from '../../../contract/collections';
import type { ReviewsByCity } from '../../../contract/user-reviews';
import type { User } from '../../../contract/users';
import { Avatar } from '../../components/ui/avatar';
import { PosterCard } from '../../components/ui/poster-card';
import { VideoGrid } from '../../components/ui/video-grid';
import { paths } from '../../paths';
import styles from './user-page.module.css';

export interface UserPageData {
  user: User;
  byCity: ReviewsByCity | null;
  collections: UserCollectionList | null;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A creator's profile: who they are, their videos city by city, and their collections. */
export function UserPage({ data, actions }: { data: UserPageData; actions: ReactNode }) {
  const { user, byCity, collections } = data;
  const groups = byCity?.data ?? [];
  return (
    <div className={`page-width ${styles.page}`}>
      <header className={styles.header}>
        <Avatar src={user.avatar_url} name={`${user.display_name}'s avatar`} size={112} />
        <div className={styles.who}>
          <h1 className={styles.name}>{user.display_name}</h1>
          <p className={styles.handle}>@{user.user_name}</p>
          {user.bio ? <p className={styles.bio}>{user.bio}</p> : null}
          <p className={styles.stats}>
            <span>
              <Film aria-hidden="true" /> <strong>{user.review_count}</strong> videos
            </span>
            <span>
              <Users aria-hidden="true" /> <strong>{compact.format(user.follower_count)}</strong>{' '}
              followers
            </span>
            {user.home_city ? (
              <span>
                <MapPin aria-hidden="true" />
                <Link to={paths.city(user.home_city.state_slug, user.home_city.city_slug)}>
                  {user.home_city.clm_city}
                </Link>
              </span>
            ) : null}
          </p>
          <div className={styles.actions}>{actions}</div>
        </div>
      </header>

      {collections && collections.data.length > 0 ? (
        <section aria-labelledby="collections-title" className={styles.section}>
          <h2 id="collections-title" className={styles.sectionTitle}>
            Collections
          </h2>
          <ul className={styles.collections}>
            {collections.data.map((list) => (
              <li key={list.id}>
                <PosterCard
                  shape="square"
                  href={paths.userCollection(String(user.user_id), list.id)}
                  posterUrl={list.poster_url}
                  title={list.name}
                  detail={`${list.review_count} videos`}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {groups.length > 0 ? (
        groups.map((group, groupIndex) => (
          <section
            key={group.city.clm_id}
            aria-labelledby={`city-${group.city.clm_id}`}
            className={styles.section}
          >
            <h2 id={`city-${group.city.clm_id}`} className={styles.sectionTitle}>
              {group.city.clm_city} <span className={styles.count}>{group.count} videos</span>
            </h2>
            <VideoGrid
              reviews={group.reviews}
              label={`Videos by ${user.display_name} in ${group.city.clm_city}`}
              lead={groupIndex === 0}
            />
          </section>
        ))
      ) : (
        <p className={styles.empty}>{user.display_name} hasn’t posted a video yet.</p>
      )}
    </div>
  );
}
