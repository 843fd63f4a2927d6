import { Outlet } from 'react-router';
import { MainHeader } from '../../components/main-header';
import { WebsiteBlock } from '../../components/website-block';
import styles from './layouts.module.css';
import { mainContentId } from './root-layout';

/** Public pages: main header, the page, the website block with the pages' languages. */
export function PublicLayout() {
  return (
    <div className={styles.shell}>
      <MainHeader />
      <main id={mainContentId} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <WebsiteBlock languageLinks />
    </div>
  );
}
