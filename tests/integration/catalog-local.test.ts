import { createLocalStore } from '@/lib/catalog/local';
import { documentsToWrite } from '@/lib/catalog/derived-fields';
import { fixtureDocuments } from '../fixtures/catalog-documents';
import { catalogContract } from './catalog-contract';

catalogContract('local backend', () => createLocalStore(documentsToWrite(fixtureDocuments)));
