import type { LightboxAlbumItem } from '@tend/ui/lightbox';

export type GuidePlatform = 'ios' | 'android';

/** iOS (any case) gives the App Store; anything else, and no platform, is Android (spec default). */
export function parsePlatform(raw: string | undefined): GuidePlatform {
  return raw?.toLowerCase() === 'ios' ? 'ios' : 'android';
}

/** Escapes text for the album's HTML captions: quotes become &quot; (and &, <, > their entities). */
export function toCaptionHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const GUIDE_IMAGES = {
  productLogo: '/assets/images/guide/tend-logo.png',
  appStore: '/assets/images/guide/app-store.png',
  playStore: '/assets/images/guide/play-store.png',
  login: '/assets/images/guide/login.png',
  openIdSelection: '/assets/images/guide/openid-selection.png',
  clientLogo: (client: string) => `/assets/guide/${encodeURIComponent(client)}/logo.png`,
  clientLogin: (client: string) => `/assets/guide/${encodeURIComponent(client)}/openID_Login.png`,
  clientConfig: (client: string) => `/assets/guide/${encodeURIComponent(client)}/config.json`,
} as const;

export interface GuideStep extends LightboxAlbumItem {
  thumb: string;
  /** The caption as plain text (the cards); `caption` holds it as HTML for the viewer. */
  text: string;
  caption: string;
  /** The picture is the client's own (unknown until the client's configuration has loaded). */
  clientPicture: boolean;
  /** The text names the client's service (unknown until its configuration has loaded). */
  namesService: boolean;
}

type Translate = (
  key: 'InstallGuide1' | 'InstallGuide2' | 'InstallGuide3' | 'InstallGuide4' | 'AppStore' | 'PlayStore',
  values?: Record<string, string>,
) => string;

/**
 * The guide's album, in the spec's order: (1) the store screenshot for the platform with InstallGuide1 naming
 * the store; (2) the login screen, InstallGuide2; (3) the OpenID selection screen, InstallGuide3 with the
 * service name; (4) the client's login screen, InstallGuide4.
 */
export function buildGuideAlbum(input: {
  platform: GuidePlatform;
  client: string;
  serviceName: string;
  t: Translate;
}): GuideStep[] {
  const { platform, client, serviceName, t } = input;
  const store = platform === 'ios' ? t('AppStore') : t('PlayStore');
  const items: Array<{ src: string; text: string; clientPicture?: boolean; namesService?: boolean }> = [
    {
      src: platform === 'ios' ? GUIDE_IMAGES.appStore : GUIDE_IMAGES.playStore,
      text: t('InstallGuide1', { store }),
    },
    { src: GUIDE_IMAGES.login, text: t('InstallGuide2') },
    { src: GUIDE_IMAGES.openIdSelection, text: t('InstallGuide3', { serviceName }), namesService: true },
    {
      src: GUIDE_IMAGES.clientLogin(client),
      text: t('InstallGuide4', { serviceName }),
      clientPicture: true,
      namesService: true,
    },
  ];
  return items.map(({ src, text, clientPicture = false, namesService = false }) => ({
    src,
    thumb: src,
    downloadUrl: src,
    text,
    caption: toCaptionHtml(text),
    clientPicture,
    namesService,
  }));
}
