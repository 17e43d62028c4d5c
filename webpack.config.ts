import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { renderLandingHtml } from './src/client/app/prerender-landing';

type Mode = 'production' | 'development';
type Configuration = webpack.Configuration & { devServer?: DevServerConfiguration };

/** Text files worth compressing ahead of time. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

export default async function config(_env: Record<string, unknown>, argv: { mode?: Mode }): Promise<Configuration> {
  const mode: Mode = argv.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development');
  const production = mode === 'production';
  // Production: index.html (served for /) carries the landing page pre-rendered, so it paints before
  // the scripts run; app.html (every other page) an empty root. Development serves index.html empty.
  const landingHtml = production ? await renderLandingHtml() : '';
  const htmlPage = (filename: string, prerendered: string) =>
    new HtmlWebpackPlugin({
      filename,
      template: path.resolve(__dirname, 'public/index.html'),
      templateParameters: { prerendered },
      title: 'Dealmap',
      favicon: path.resolve(__dirname, 'public/favicon.svg'),
    });

  return {
    mode,
    entry: { main: path.resolve(__dirname, 'src/client/index.tsx') },
    output: {
      path: path.resolve(__dirname, 'dist/client'),
      filename: 'assets/[name].[contenthash:8].js',
      chunkFilename: 'assets/[name].[contenthash:8].chunk.js',
      publicPath: '/',
      clean: true,
    },
    // Production maps are written for error tracking but not referenced, and the server never serves them.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      // react-router 7's package exports always name its development build (remix-run/react-router#12532);
      // production takes the production build, the same code without the development warnings.
      alias: production
        ? {
            'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
            'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
          }
        : {},
    },
    module: {
      rules: [
        {
          // Recharts keeps a Redux store of its own: its own copy of Redux Toolkit (the same version's
          // legacy ESM build) goes with the charts' lazy chunk instead of adding the exports it uses to
          // the app's copy in react-vendor, which every page loads first.
          issuer: /[\\/]node_modules[\\/]recharts[\\/]/,
          resolve: {
            alias: {
              '@reduxjs/toolkit$': path.resolve(__dirname, 'node_modules/@reduxjs/toolkit/dist/redux-toolkit.legacy-esm.js'),
            },
          },
        },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            options: {
              // Type checking is its own step (npm run typecheck); the bundle only transpiles.
              transpileOnly: true,
              compilerOptions: { module: 'esnext', moduleResolution: 'bundler', sourceMap: true },
            },
          },
        },
        // The features' and shared folders' index.ts only re-export: marked pure, an import of one name
        // from a barrel brings that name's module, not the whole folder (the landing page takes the
        // session's selectors without the guards' Ant Design). Declaring every module pure instead
        // ("sideEffects": false in package.json) also skipped modules whose top-level code matters.
        { test: /src[\\/](client[\\/]features|shared)[\\/].+[\\/]index\.ts$/, sideEffects: false },
        // Production: CSS files of their own (parsed by the browser, not carried inside the JavaScript).
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        {
          test: /\.(png|jpe?g|gif|svg|webp)$/i,
          type: 'asset/resource',
          generator: { filename: 'images/[name].[contenthash:8][ext]' },
        },
      ],
    },
    plugins: [
      htmlPage('index.html', landingHtml),
      ...(production ? [htmlPage('app.html', '')] : []),
      new CopyWebpackPlugin({
        patterns: [{ from: path.resolve(__dirname, 'public/images'), to: 'images' }],
      }),
      new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'assets/[name].[contenthash:8].css',
              chunkFilename: 'assets/[name].[contenthash:8].chunk.css',
            }),
          ]
        : []),
      // Brotli (best) and gzip copies next to each file; the server sends them as they are.
      ...(production
        ? [
            new CompressionPlugin<zlib.BrotliOptions>({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: COMPRESSIBLE,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 1024,
              minRatio: 0.9,
            }),
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              test: COMPRESSIBLE,
              threshold: 1024,
              minRatio: 0.9,
            }),
          ]
        : []),
    ],
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|react-redux|@reduxjs|redux|redux-persist|immer|reselect)[\\/]/,
            name: 'react-vendor',
            // What the first page uses: the parts of Redux Toolkit only a lazy page needs (Recharts keeps
            // its own store) stay in that page's chunks, so the landing page's JavaScript does not grow.
            chunks: 'initial',
            priority: 30,
          },
          // Unnamed: Ant Design components used only by lazy pages stay in lazy vendor chunks.
          antd: {
            test: /[\\/]node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component)[\\/]/,
            priority: 20,
          },
          // Unnamed too: a library used only by lazy pages (the map libraries) stays in their chunks.
          vendors: {
            test: /[\\/]node_modules[\\/]/,
            priority: 10,
          },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: production ? 'warning' : false, maxAssetSize: 1_200_000, maxEntrypointSize: 1_600_000 },
    devServer: {
      port: 8080,
      historyApiFallback: true,
      hot: true,
      static: { directory: path.resolve(__dirname, 'public'), publicPath: '/' },
      proxy: [{ context: ['/api', '/healthz'], target: API_TARGET, changeOrigin: true }],
    },
  };
}
