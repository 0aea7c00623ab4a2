import { createLocalStore } from '@/lib/catalog/local';
import { fixtureDocuments } from '../fixtures/catalog-documents';
import { catalogContract } from './catalog-contract';

catalogContract('local backend', () => createLocalStore(fixtureDocuments));
