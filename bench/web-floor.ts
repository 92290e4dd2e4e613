/**
 * Web floor bench: the JavaScript the web app's stack costs before any of Parley's own code. It builds, with
 * the app's Vite and its installed libraries, the smallest sign-in page those libraries allow — React 19 and
 * react-dom, MUI's theme, baseline, a paper, a title, one outlined input and a button, i18next with one text —
 * without a router, with React Router's data router (createBrowserRouter + RouterProvider) and with its
 * declarative mode (BrowserRouter + useRoutes), and prints each page's JavaScript raw and
 * brotli-compressed (quality 11, as the app's assets are precompressed). It shows how much of a first visit
 * (`npm run bench:web`) is the stack itself and what any budget for that visit has to leave room for.
 *
 *   npx tsx bench/web-floor.ts
 */
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { muiWithoutCssVariables } from '../apps/web/scripts/muiWithoutCssVariables.ts';
import { REPO_ROOT } from './support/app-server.ts';

/** How the page is routed: not at all, by React Router's data router or by its declarative mode. */
type Routing = 'none' | 'data' | 'declarative';

const ROUTER_IMPORTS: Record<Routing, string> = {
  none: '',
  data: "import { createBrowserRouter, RouterProvider } from 'react-router';",
  declarative: "import { BrowserRouter, useRoutes } from 'react-router';",
};

const ROUTED_CONTENT: Record<Routing, string> = {
  none: '<SignIn />',
  data: "<RouterProvider router={createBrowserRouter([{ path: '*', element: <SignIn /> }])} />",
  declarative: '<BrowserRouter><Routed /></BrowserRouter>',
};

const page = (routing: Routing) => `
import { createRoot } from 'react-dom/client';
${ROUTER_IMPORTS[routing]}
import { createTheme, ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { signIn: 'Sign in' } } } });

function SignIn() {
  const { t } = useTranslation();
  return (
    <Paper>
      <Typography variant="h4">{t('signIn')}</Typography>
      <FormControl>
        <InputLabel htmlFor="email">Email</InputLabel>
        <OutlinedInput id="email" label="Email" />
      </FormControl>
      <Button variant="contained">{t('signIn')}</Button>
    </Paper>
  );
}

${routing === 'declarative' ? "const Routed = () => useRoutes([{ path: '*', element: <SignIn /> }]);" : ''}

const content = ${ROUTED_CONTENT[routing]};
createRoot(document.getElementById('root')!).render(
  <ThemeProvider theme={createTheme()}>
    <CssBaseline />
    {content}
  </ThemeProvider>,
);
`;

async function measure(routing: Routing): Promise<{ raw: number; br: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'parley-web-floor-'));
  try {
    await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>',
    );
    await writeFile(path.join(dir, 'main.tsx'), page(routing));
    await build({
      root: dir,
      configFile: false,
      logLevel: 'warn',
      plugins: [muiWithoutCssVariables(), react()],
      build: { outDir: path.join(dir, 'dist'), chunkSizeWarningLimit: 5000 },
    });
    const assets = path.join(dir, 'dist/assets');
    let raw = 0;
    let br = 0;
    for (const file of await readdir(assets)) {
      if (!file.endsWith('.js')) continue;
      const code = await readFile(path.join(assets, file));
      raw += code.length;
      br += brotliCompressSync(code, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
    }
    return { raw, br };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const LABELS: Record<Routing, string> = {
  none: 'React, MUI and i18next',
  data: 'and React Router (data router)',
  declarative: 'and React Router (declarative mode)',
};
for (const routing of ['none', 'data', 'declarative'] as const) {
  const { raw, br } = await measure(routing);
  console.log(`${LABELS[routing].padEnd(38)} ${kb(br).padStart(9)} brotli  (${kb(raw)} raw)`);
}
