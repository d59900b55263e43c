import type { AppConfig } from '@kestrel/contract';
import { createContext, useContext } from 'react';

export const AppConfigContext = createContext<AppConfig | null>(null);

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig outside <AppConfigContext>');
  return config;
}
