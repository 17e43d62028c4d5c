import { createContext, useContext } from 'react';
import type { Persistor } from 'redux-persist';

/** The redux-persist persistor, provided by the entry so logout can purge it. Absent in tests. */
export const PersistorContext = createContext<Persistor | null>(null);
export const usePersistor = (): Persistor | null => useContext(PersistorContext);
