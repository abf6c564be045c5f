// The documentation pages: one entry per /docs/{pageName}, apv being the default.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Message } from 'primereact/message';
import { DEFAULT_DOC_PAGE, DOC_PAGES } from '@hc/shared/routes';
import {
  DOCS_FACTS,
  EMBED_ID_ATTRIBUTE,
  EMBED_SCRIPT,
  calendarSnippet,
  embedSnippet,
  stagingAccountId,
} from './facts.ts';
import { CalendarWeekExample } from './CalendarWeekExample.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { StoryExamples } from './StoryExamples.tsx';

export interface DocsPageContext {
  /** The production account id shown in snippets (the signed-in publisher's, else an example). */
  accountId: number;
  signedIn: boolean;
}

export interface DocsEntry {
  name: string;
  title: string;
  summary: string;
  icon: string;
  render: (ctx: DocsPageContext) => ReactNode;
}

const F = DOCS_FACTS;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="hc-doc-section">
    <h2>{title}</h2>
    {children}
  </section>
);

/** Pages reached under a second name: /docs/hos is the Highlights on Search page. */
const ALIASES: Readonly<Record<string, string>> = { hos: 'highlights' };

/** The canonical page name for a URL's pageName (apv when there is none). */
export const canonicalDocsName = (name: string | undefined): string => {
  const n = name ?? DEFAULT_DOC_PAGE;
  return ALIASES[n] ?? n;
};

export const DOCS_PAGES: DocsEntry[] = [
  {
    name: 'apv',
    title: DOC_PAGES.apv,
    summary: 'What highlights are, how long they last and how their effect is measured.',
    icon: 'pi pi-video',
    render: () => (
      <>
        <p>
          APV turns the videos in your articles into short preview clips, called <strong>highlights</strong>,
          and plays them where the reader is looking. Highlights are cut automatically; editors decide which
          articles show them from the <Link to="/highlights/web">APV Highlights</Link> screen.
        </p>
        <Section title="Managing highlights">
          <p>
            The APV Highlights screen lists the highlights cut from your articles, newest first, with their
            performance. Search by title (or by highlight id when the term is a number), narrow the period
            with the date filter, switch APV on or off per article with the row&apos;s checkbox, and open a
            highlight to download it as MP4 (and as GIF when one was made for your account).
          </p>
        </Section>
        <Section title="Length of a highlight">
          <p>
            A highlight lasts between <strong>{F.highlightSeconds.min}</strong> and{' '}
            <strong>{F.highlightSeconds.max} seconds</strong>. The target length is configurable per publisher
            from <strong>{F.configurableSeconds.min}</strong> to{' '}
            <strong>{F.configurableSeconds.max} seconds</strong>; ask support to change it.
          </p>
        </Section>
        <Section title="Measuring the effect: the control group">
          <p>
            A control group of <strong>{F.controlGroupPercent}%</strong> of page views does not see
            highlights. The performance figures in the console compare the other page views with this group,
            so the uplift you see is caused by APV and not by the season or the news cycle.
          </p>
        </Section>
        <Section title="More ways to use highlights">
          <ul>
            <li>
              Post a highlight to a social network with <Link to="/docs/share">APV Share</Link>.
            </li>
            <li>
              Publish highlights to the search knowledge panel with{' '}
              <Link to="/docs/hos">Highlights on Search</Link>.
            </li>
            <li>
              Group the best highlights into a showreel with <Link to="/docs/tvp">Top Videos</Link>.
            </li>
          </ul>
        </Section>
      </>
    ),
  },
  {
    name: 'integration',
    title: DOC_PAGES.integration,
    summary: 'The embed snippet, your production and staging account ids, and the wrapper element.',
    icon: 'pi pi-code',
    render: ({ accountId, signedIn }) => (
      <>
        <p>
          One snippet adds highlights and Top Videos to a page. It loads the player script with your{' '}
          <strong>account id</strong> and fills a wrapper element that names what to show through its{' '}
          <code className="hc-code-inline">{EMBED_ID_ATTRIBUTE}</code> attribute.
        </p>
        <Section title="Your account ids">
          <ul>
            <li>
              Production account id: <strong data-testid="docs-production-id">{accountId}</strong>
            </li>
            <li>
              Staging account id: <strong data-testid="docs-staging-id">{stagingAccountId(accountId)}</strong>{' '}
              (always the production id plus 1)
            </li>
          </ul>
          {!signedIn && (
            <Message
              severity="info"
              text="These are example ids. Sign in to see the ids of your own publisher."
              className="w-full justify-content-start"
            />
          )}
        </Section>
        <Section title="Production snippet">
          <CodeBlock
            label="HTML: production"
            code={embedSnippet(accountId, EMBED_SCRIPT.production)}
            testId="docs-snippet-production"
          />
        </Section>
        <Section title="Staging snippet">
          <p>Use the staging id on your test site so its traffic never mixes with your production figures.</p>
          <CodeBlock
            label="HTML: staging"
            code={embedSnippet(stagingAccountId(accountId), EMBED_SCRIPT.staging)}
            testId="docs-snippet-staging"
          />
        </Section>
        <Section title="The wrapper element">
          <p>
            Place the <code className="hc-code-inline">div</code> where the player should appear. Its{' '}
            <code className="hc-code-inline">{EMBED_ID_ATTRIBUTE}</code> attribute carries the embed id: the
            alias of a Top Videos package (for example <code className="hc-code-inline">my-unique-alias</code>
            ) or its id. AMP pages are covered in <Link to="/docs/amp">AMP</Link>.
          </p>
        </Section>
      </>
    ),
  },
  {
    name: 'tvp',
    title: DOC_PAGES.tvp,
    summary: 'A showreel of your best highlights, embeddable anywhere.',
    icon: 'pi pi-th-large',
    render: ({ accountId }) => (
      <>
        <p>
          Top Videos shows <strong>{F.showreelHighlights} highlights in a showreel</strong>: readers see one
          after the other and can jump between them. Editors build packages of {F.packageHighlights.min} to{' '}
          {F.packageHighlights.max} highlights in the <Link to="/packages">Top Videos</Link> screen.
        </p>
        <Section title="Size">
          <ul>
            <li>
              Minimum width: <strong>{F.topVideosWidthPx.min} px</strong> ({F.topVideosWidthPx.recommended} px
              recommended).
            </li>
            <li>
              Maximum video height: <strong>{F.topVideosMaxVideoHeightPx} px</strong>.
            </li>
          </ul>
        </Section>
        <Section title="Embedding a package">
          <p>
            Put the package alias in the wrapper element&apos;s{' '}
            <code className="hc-code-inline">{EMBED_ID_ATTRIBUTE}</code> attribute. See{' '}
            <Link to="/docs/integration">Integration</Link> for the staging snippet.
          </p>
          <CodeBlock
            label="HTML"
            code={embedSnippet(accountId, EMBED_SCRIPT.production, 'top-videos-sports')}
          />
        </Section>
      </>
    ),
  },
  {
    name: 'share',
    title: DOC_PAGES.share,
    summary: 'Post a highlight to your social network account.',
    icon: 'pi pi-share-alt',
    render: () => (
      <>
        <p>
          APV Share posts a highlight, with a link back to its article, to a social network. It posts to{' '}
          <strong>only one social network</strong>: the one connected to your account.
        </p>
        <Section title="Who can use it">
          <p>
            <strong>Anyone with access to the editor dashboard</strong> can use APV Share; no extra role is
            needed.
          </p>
        </Section>
        <Section title="Related">
          <p>
            To reach readers on search instead, see <Link to="/docs/hos">Highlights on Search</Link>.
          </p>
        </Section>
      </>
    ),
  },
  {
    name: 'highlights',
    title: DOC_PAGES.highlights,
    summary: 'Publish highlights to the search knowledge panel.',
    icon: 'pi pi-search',
    render: () => (
      <>
        <p>
          Highlights on Search publishes your highlights to a <strong>search knowledge panel</strong>, so
          readers who search for a topic you covered see your video and a link to your article.
        </p>
        <Section title="Publishing">
          <p>
            Pick the highlights to post in the Post highlights screen. Once every resource of a highlight is
            published, it leaves the list; an empty list means everything is posted.
          </p>
        </Section>
        <Section title="Related">
          <p>
            To post a highlight to a social network, see <Link to="/docs/share">APV Share</Link>.
          </p>
        </Section>
      </>
    ),
  },
  {
    name: 'stories',
    title: DOC_PAGES.stories,
    summary: 'Full-screen visual stories built from highlights, images and your own clips.',
    icon: 'pi pi-images',
    render: () => (
      <>
        <p>
          AMP Stories are tappable, full-screen stories. Build them in the{' '}
          <Link to="/stamp">AMP Stories</Link> screen from highlights, images and short uploaded clips,
          preview them at phone size and publish.
        </p>
        <Section title="Examples">
          <p>Open an example to play it.</p>
          <StoryExamples />
        </Section>
      </>
    ),
  },
  {
    name: 'amp',
    title: DOC_PAGES.amp,
    summary: 'Highlights and Top Videos on AMP pages.',
    icon: 'pi pi-bolt',
    render: () => (
      <>
        <p>
          <strong>AMP is supported.</strong> Highlights and Top Videos play on the AMP versions of your
          articles as they do on the regular pages, and the control group of {F.controlGroupPercent}% applies
          there too.
        </p>
        <Section title="Setting it up">
          <p>
            Use the same account id and embed id as on your regular pages (see{' '}
            <Link to="/docs/integration">Integration</Link>); support enables the AMP player for your account.
          </p>
        </Section>
      </>
    ),
  },
  {
    name: 'calendar',
    title: DOC_PAGES.calendar,
    summary: 'A weekly calendar of your live programs, embedded on your own pages.',
    icon: 'pi pi-calendar',
    render: ({ accountId }) => (
      <>
        <p>
          The calendar embed shows your readers what is coming up: the live programs of your account, a week
          at a time, Monday to Sunday, with today marked. Readers move between weeks with the arrows; times
          are shown in the reader&apos;s own time zone.
        </p>
        <Section title="The weekly view">
          <p>This is how the calendar looks on your page, here with an example schedule.</p>
          <CalendarWeekExample />
        </Section>
        <Section title="Adding it to a page">
          <p>
            Paste this snippet where the calendar should appear. It uses the same account id as your other
            embeds (see <Link to="/docs/integration">Integration</Link>); the programs come from the{' '}
            <Link to="/highlights/live/stream">Live</Link> screen.
          </p>
          <CodeBlock
            label="Calendar snippet"
            code={calendarSnippet(accountId, EMBED_SCRIPT.production)}
            testId="calendar-snippet"
          />
        </Section>
      </>
    ),
  },
];

/** The page for a pageName (apv for none); undefined for an unknown name. */
export function docsPageFor(name: string | undefined): DocsEntry | undefined {
  const canonical = canonicalDocsName(name);
  return DOCS_PAGES.find((p) => p.name === canonical);
}
