import 'server-only';
import { env } from '../../env/server';
import { firestore, firestoreConfigured } from '../../firebase-admin-app';
import { signingSecret } from '../../identity/signing-secret';
import { ledger, ledgerDir } from '../ledger/ledger';
import { giftFiles } from './gift-files';
import { giftFirestore } from './gift-firestore';
import { giftRecorderOf, type GiftLedger } from './gift-records';

/** The site's gifts, where its purchases are: Firestore where it is configured, files beside the app otherwise. */
export const giftLedger: GiftLedger = firestoreConfigured(env) ? giftFirestore(firestore(env), env.FIRESTORE_TIMEOUT_MS) : giftFiles(ledgerDir, ledger);

/** A claimed gift purchase becomes its gift (ClaimDeps.gifts). */
export const giftRecorder = giftRecorderOf(giftLedger, signingSecret);
