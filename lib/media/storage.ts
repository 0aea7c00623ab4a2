import 'server-only';
import { getStorage } from 'firebase-admin/storage';
import { env } from '../env/server';
import { firebaseApp } from '../firebase-admin-app';

/**
 * A V4 signed URL that reads one private Cloud Storage object for `seconds`. Signed with the
 * service account's key where there is one (no network), or by IAM signBlob on Google's hosts.
 */
export async function signedStorageUrl(bucket: string, object: string, seconds = env.SIGNED_URL_SECONDS): Promise<string> {
  const [url] = await getStorage(firebaseApp(env))
    .bucket(bucket)
    .file(object)
    .getSignedUrl({ version: 'v4', action: 'read', expires: Date.now() + seconds * 1000 });
  return url;
}
