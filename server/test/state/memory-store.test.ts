import { MemoryStateStore } from '../../src/mock/state/memory-store.js';
import { stateStoreContract } from './state-store-contract.js';

stateStoreContract('memory', async () => new MemoryStateStore());
