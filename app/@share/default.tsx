/** Every page but a share page opened over a title (app/@share/(.)share): no dialog. */
export default function NoShareDialog() {
  return null;
}
