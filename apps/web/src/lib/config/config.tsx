// The configuration every signed-in screen needs: user info, the publisher's products and its console
// configuration. Nothing below renders until all three have loaded, as every screen reads them. The three calls
// go out together: the publisher id the console configuration needs is the stored token's (the server
// accepts a session only for its token's publisher), so none waits for another's answer.
import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { publisherIdOfToken } from '@hc/shared/api/auth-token';
import { ProgressSpinner } from 'primereact/progressspinner';
import { messages } from '@hc/shared/messages';
import type { UserInfo } from '@hc/shared/api/auth';
import type { ConsoleConfig, PublisherProduct } from '@hc/shared/api/publishers';
import { useUserInfo, userInfoQueryOptions } from './get-user-info.ts';
import { publisherProductsQueryOptions, usePublisherProducts } from './get-publisher-products.ts';
import { consoleConfigQueryOptions, useConsoleConfig } from './get-console-config.ts';
import { readSession } from '../session.ts';
import { useSession } from '../useSession.ts';
import { StatePanel } from '../../components/StatePanel.tsx';
import { ApiError } from '../api.ts';

export interface AppConfig {
  user: UserInfo;
  products: PublisherProduct[];
  consoleConfig: ConsoleConfig;
}

const ConfigContext = createContext<AppConfig | null>(null);

/** A centred spinner for whole-page loading states. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="hc-page-spinner" role="status" aria-live="polite" data-testid="page-spinner">
      <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" aria-label={label} />
    </div>
  );
}

/**
 * Asks for the whole configuration as the app starts, before React renders (the list-table bench: on a cold page
 * the three calls were one after the other, then the table's list call after them). Signed out: nothing.
 */
export function prefetchConfiguration(queryClient: QueryClient): void {
  const session = readSession();
  const publisherId = session ? publisherIdOfToken(session.token) : null;
  if (publisherId === null) return;
  // Failures are not lost: ConfigProvider's queries show them and retry.
  void queryClient.prefetchQuery(userInfoQueryOptions());
  void queryClient.prefetchQuery(publisherProductsQueryOptions());
  void queryClient.prefetchQuery(consoleConfigQueryOptions(publisherId));
}

/** Loads the configuration (the three calls at once) and provides useAppConfig() once it is complete. */
export function ConfigProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const tokenPublisherId = session ? publisherIdOfToken(session.token) : null;
  const userInfo = useUserInfo();
  const products = usePublisherProducts();
  const consoleConfig = useConsoleConfig(tokenPublisherId ?? userInfo.data?.publisher.id);
  const value = useMemo<AppConfig | null>(
    () =>
      userInfo.data && products.data && consoleConfig.data
        ? { user: userInfo.data, products: products.data, consoleConfig: consoleConfig.data }
        : null,
    [userInfo.data, products.data, consoleConfig.data],
  );

  // A 401 opens the session-expired dialog; behind it, keep the neutral spinner rather than an error.
  const unauthorized = [userInfo.error, products.error, consoleConfig.error].some(
    (e) => e instanceof ApiError && e.status === 401,
  );
  if (unauthorized) return <PageSpinner label="Session expired" />;
  if (userInfo.isError) {
    return (
      <StatePanel
        kind="error"
        testId="config-error"
        message={messages.userInfoFailed}
        onRetry={() => void userInfo.refetch()}
      />
    );
  }
  if (products.isError || consoleConfig.isError) {
    return (
      <StatePanel
        kind="error"
        testId="config-error"
        message={messages.configurationFailed}
        onRetry={() => {
          if (products.isError) void products.refetch();
          if (consoleConfig.isError) void consoleConfig.refetch();
        }}
      />
    );
  }
  if (!value) return <PageSpinner label="Loading configuration" />;
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>;
}

/** The loaded configuration; only inside <ConfigProvider> (every signed-in screen is). */
export function useAppConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useAppConfig() must be used inside <ConfigProvider>');
  return config;
}

/** The configuration when loaded, else null: for open pages that render with or without a session. */
export function useOptionalAppConfig(): AppConfig | null {
  return useContext(ConfigContext);
}
