// The framework's floor (docs/performance.md): the least an App Router page of this Next and React can
// download. Nothing of the site's: no CSS, no metadata, no config; JavaScript, so next build sets up no TypeScript.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
