import { availableParallelism } from 'node:os';
import { WEBHOOKS } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startupWarnings } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      role: 'all',
      publicUrl: 'http://localhost:3000',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a URL/);
    expect(() => loadConfig({ PARLEY_ROLE: 'both' })).toThrow(/PARLEY_ROLE/);
    expect(() => loadConfig({ SMTP_URL: 'smtp.example.com' })).toThrow(/SMTP_URL/);
  });

  it('treats empty values as unset and trims the public URL', () => {
    const config = loadConfig({ DATABASE_URL: '', PUBLIC_URL: 'https://parley.example.com/' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://parley.example.com');
  });

  it('warns at start that emailed links use localhost while PUBLIC_URL is unset', () => {
    const unset = startupWarnings(loadConfig({}), {});
    expect(unset).toHaveLength(1);
    expect(unset[0]).toContain('PUBLIC_URL is not set: emailed links');
    expect(unset[0]).toContain('http://localhost:3000');
    const set = { PUBLIC_URL: 'https://parley.example.com' };
    expect(startupWarnings(loadConfig(set), set)).toEqual([]);
  });

  it('reads the webhook retry schedule: the contracts one unless WEBHOOK_RETRY_DELAYS_SECONDS lists others', () => {
    const delays = (value?: string) =>
      loadConfig(value === undefined ? {} : { WEBHOOK_RETRY_DELAYS_SECONDS: value }).webhooks
        .retryDelaysSeconds;
    expect(delays()).toEqual(WEBHOOKS.retryDelaysSeconds);
    expect(delays('  ')).toEqual(WEBHOOKS.retryDelaysSeconds);
    expect(delays(' 1, 5,15 ,60')).toEqual([1, 5, 15, 60]);
    expect(delays('604800')).toEqual([604800]);
    for (const wrong of ['5,,60', '5,', '5 s', '5;60', '-5', '1.5', '1e3']) {
      expect(() => delays(wrong), wrong).toThrow(
        /WEBHOOK_RETRY_DELAYS_SECONDS\S*: must be comma-separated whole seconds, e.g. 5,300,1800/,
      );
    }
    for (const wrong of ['0', '5,604801', '99999999999999999999']) {
      expect(() => delays(wrong), wrong).toThrow(/each delay must be 1 to 604800 seconds \(a week\)/);
    }
    expect(delays(Array(30).fill('1').join(','))).toHaveLength(30);
    expect(() => delays(Array(31).fill('1').join(','))).toThrow(
      /WEBHOOK_RETRY_DELAYS_SECONDS: at most 30 retries/,
    );
  });

  it('reads the AI settings with their defaults', () => {
    const defaults = loadConfig({});
    expect(defaults.ai).toEqual({
      timeoutMs: 120_000,
      maxRetries: 2,
      generationProvider: 'anthropic',
      generationModel: undefined,
    });
    expect(defaults.providers.openaiCompatibleModels).toEqual(['llama3.1']);
    const custom = loadConfig({
      AI_TIMEOUT_MS: '5000',
      AI_MAX_RETRIES: '0',
      AI_GENERATION_PROVIDER: 'google',
      AI_GENERATION_MODEL: 'gemini-2.5-flash',
      OPENAI_COMPATIBLE_MODELS: ' llama3.1 , qwen2.5 ,',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9000/v1',
    });
    expect(custom.ai).toMatchObject({ timeoutMs: 5000, maxRetries: 0, generationProvider: 'google' });
    expect(custom.providers.openaiCompatibleModels).toEqual(['llama3.1', 'qwen2.5']);
    expect(custom.providers.anthropicBaseUrl).toBe('http://127.0.0.1:9000/v1');
    expect(() => loadConfig({ AI_GENERATION_PROVIDER: 'acme' })).toThrow(/AI_GENERATION_PROVIDER/);
    expect(() => loadConfig({ OPENAI_BASE_URL: 'api.openai.com' })).toThrow(/OPENAI_BASE_URL: must be a URL/);
    expect(() => loadConfig({ OPENAI_COMPATIBLE_MODELS: ' , ' })).toThrow(/OPENAI_COMPATIBLE_MODELS/);
  });

  it('reads the storage and upload settings', () => {
    const defaults = loadConfig({});
    expect(defaults.storage).toEqual({ kind: 'local' });
    expect(defaults.uploads).toEqual({
      maxBytes: 4 * 1024 * 1024 * 1024,
      chunkSize: 52_428_800,
      urlTimeoutMs: 600_000,
      urlMinRate: { bytes: 65_536, windowMs: 30_000 },
      urlAllowHosts: [],
    });
    const s3 = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      URL_UPLOAD_ALLOW_HOSTS: ' LocalHost:8080, media.example.com ,[::1]:9000',
      MAX_UPLOAD_BYTES: '1000',
      URL_DOWNLOAD_MIN_BYTES: '16384',
      URL_DOWNLOAD_RATE_WINDOW_MS: '10000',
    });
    expect(s3.storage).toEqual({
      kind: 's3',
      bucket: 'media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(s3.uploads.urlAllowHosts).toEqual(['localhost:8080', 'media.example.com', '[::1]:9000']);
    expect(s3.uploads.maxBytes).toBe(1000);
    expect(s3.uploads.urlMinRate).toEqual({ bytes: 16_384, windowMs: 10_000 });
    expect(() => loadConfig({ URL_DOWNLOAD_MIN_BYTES: '0' })).toThrow(/URL_DOWNLOAD_MIN_BYTES/);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /set both or neither/,
    );
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ URL_UPLOAD_ALLOW_HOSTS: 'http://x.example/' })).toThrow(
      /URL_UPLOAD_ALLOW_HOSTS/,
    );
  });

  it('reads the analysis pipeline settings with their defaults', () => {
    const defaults = loadConfig({});
    expect(defaults.ffmpegPath).toBe('ffmpeg');
    expect(defaults.ffprobePath).toBe('ffprobe');
    // ffprobe comes with ffmpeg: beside the one set, unless set too.
    expect(loadConfig({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg' }).ffprobePath).toBe('/opt/ffmpeg/bin/ffprobe');
    expect(
      loadConfig({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: '/usr/bin/ffprobe' }).ffprobePath,
    ).toBe('/usr/bin/ffprobe');
    expect(defaults.transcription).toEqual({
      provider: 'openai',
      model: 'gpt-4o-transcribe-diarize',
      timeoutMs: 600_000,
      chunkSeconds: 600,
      parallelPieces: 8,
      pollIntervalMs: 3000,
    });
    expect(defaults.emlo).toMatchObject({ apiUrl: 'https://cloud.emlo.cloud', sensitivity: 'normal' });
    expect(defaults.emlo.apiKey).toBeUndefined();
    // Analyses wait on providers: hundreds at once, paced by the providers' limits; ffmpeg by the cores.
    expect(defaults.analysis).toEqual({ concurrency: 200, retryLimit: 4, retryDelaySeconds: 30 });
    expect(defaults.batches).toEqual({ concurrency: 32 });
    expect(defaults.mediaConcurrency).toBe(availableParallelism());
    expect(defaults.rateLimits.openai).toEqual({ rpm: 5000, tpm: 2_000_000 });
    expect(defaults.rateLimits['openai-compatible']).toEqual({ rpm: 0, tpm: 0 });
    expect(loadConfig({ ANTHROPIC_RPM: '50', ANTHROPIC_TPM: '0' }).rateLimits.anthropic).toEqual({
      rpm: 50,
      tpm: 0,
    });
    expect(loadConfig({ TRANSCRIPTION_RPM: '20' }).rateLimits.transcription).toEqual({ rpm: 20, tpm: 0 });
    expect(() => loadConfig({ OPENAI_RPM: '-1' })).toThrow(/OPENAI_RPM/);
    expect(loadConfig({ TRANSCRIPTION_PROVIDER: 'groq' }).transcription.model).toBe('whisper-large-v3');
    expect(loadConfig({ TRANSCRIPTION_PROVIDER: 'deepgram' }).transcription.model).toBe('nova-3');
    expect(loadConfig({ TRANSCRIPTION_PROVIDER: 'assemblyai' }).transcription.model).toBe('universal');
    const speech = loadConfig({
      DEEPGRAM_API_KEY: ' dg-key ',
      DEEPGRAM_BASE_URL: 'http://127.0.0.1:9',
      ASSEMBLYAI_API_KEY: 'aai-key',
      ASSEMBLYAI_BASE_URL: 'https://eu.assemblyai.example',
    }).providers;
    expect(speech).toMatchObject({
      deepgramApiKey: 'dg-key',
      deepgramBaseUrl: 'http://127.0.0.1:9',
      assemblyaiApiKey: 'aai-key',
      assemblyaiBaseUrl: 'https://eu.assemblyai.example',
    });
    expect(() => loadConfig({ DEEPGRAM_BASE_URL: 'api.deepgram.com' })).toThrow(/DEEPGRAM_BASE_URL/);
    expect(() => loadConfig({ ASSEMBLYAI_BASE_URL: 'ftp://x' })).toThrow(/ASSEMBLYAI_BASE_URL/);
    expect(loadConfig({ EMLO_API_URL: 'http://127.0.0.1:9/' }).emlo.apiUrl).toBe('http://127.0.0.1:9');
    expect(() => loadConfig({ TRANSCRIPTION_PROVIDER: 'azure' })).toThrow(/TRANSCRIPTION_PROVIDER/);
    expect(() => loadConfig({ TRANSCRIPTION_CHUNK_SECONDS: '1200' })).toThrow(/TRANSCRIPTION_CHUNK_SECONDS/);
  });

  it('trusts no proxy unless TRUST_PROXY names hops or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    for (const wrong of ['true', '10.0.0.0/33', 'proxy.example.com', '1.2.3', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong })).toThrow(/TRUST_PROXY: must be a number of proxy hops/);
    }
  });

  it('serves metrics locally unless METRICS_TOKEN is set, and on METRICS_PORT for a worker', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ METRICS_TOKEN: '', METRICS_PORT: '' }).metrics).toEqual({
      token: undefined,
      port: undefined,
    });
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: ` ${token} `, METRICS_PORT: '9464' }).metrics).toEqual({
      token,
      port: 9464,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});
