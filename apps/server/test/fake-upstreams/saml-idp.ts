import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/** The person the fake IdP signs in. */
export interface FakeSamlAccount {
  nameId: string;
  email: string;
  displayName: string;
  groups: string[];
}

/** Ways to make the next assertion wrong, for tests of what the service provider must refuse. */
export interface AssertionTampering {
  audience?: string;
  /** Seconds from now the assertion stops being valid (negative: already expired). */
  expiresIn?: number;
  unsigned?: boolean;
  /** Signed by a key whose certificate is not in the metadata. */
  foreignKey?: boolean;
}

interface KeyAndCert {
  key: string;
  cert: string;
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const pemBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

async function keyAndCert(name: string): Promise<KeyAndCert> {
  const made = await generate([{ name: 'commonName', value: name }], { keySize: 2048, algorithm: 'sha256' });
  return { key: made.private, cert: made.cert };
}

/**
 * A SAML 2.0 identity provider on 127.0.0.1: metadata, and a sign-in page for the HTTP-Redirect binding that
 * answers with an auto-posting form (HTTP-POST binding) carrying a Response whose assertion is signed with a real
 * RSA key (RSA-SHA256, exclusive c14n) whose certificate, made at start, is in the metadata.
 */
export class FakeSamlIdp {
  account: FakeSamlAccount | null = null;
  readonly accounts = new Map<string, FakeSamlAccount>();
  tamper: AssertionTampering = {};

  private readonly server: Server;
  readonly url: string;
  private readonly signing: KeyAndCert;
  private readonly foreign: KeyAndCert;

  private constructor(server: Server, url: string, signing: KeyAndCert, foreign: KeyAndCert) {
    this.server = server;
    this.url = url;
    this.signing = signing;
    this.foreign = foreign;
  }

  static async start(): Promise<FakeSamlIdp> {
    const [signing, foreign] = await Promise.all([keyAndCert('Fake IdP'), keyAndCert('Someone else')]);
    let fake: FakeSamlIdp | undefined;
    const server = createServer((req, res) => fake!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeSamlIdp(server, `http://127.0.0.1:${port}`, signing, foreign);
    return fake;
  }

  get host(): string {
    return new URL(this.url).host;
  }

  get entityId(): string {
    return `${this.url}/metadata`;
  }

  get metadataXml(): string {
    return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${this.entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${pemBody(this.signing.cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${this.url}/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(this.metadataXml);
      return;
    }
    if (url.pathname === '/sso') {
      const request = new DOMParser().parseFromString(
        inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8'),
        'text/xml',
      ).documentElement;
      const issuer = request?.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0];
      const login = url.searchParams.get('login') ?? '';
      const account = this.accounts.get(login) ?? this.account;
      if (!request || !account) {
        res.writeHead(400).end('no request or account');
        return;
      }
      const acs = request.getAttribute('AssertionConsumerServiceURL') ?? '';
      const samlResponse = this.response({
        requestId: request.getAttribute('ID') ?? '',
        acsUrl: acs,
        audience: issuer?.textContent ?? '',
        account,
      });
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><html><body><form method="post" action="${xmlEscape(acs)}">` +
            `<input type="hidden" name="SAMLResponse" value="${samlResponse}"/>` +
            `<input type="hidden" name="RelayState" value="${xmlEscape(url.searchParams.get('RelayState') ?? '')}"/>` +
            `<button type="submit">Continue</button></form>` +
            `<script>document.forms[0].submit()</script></body></html>`,
        );
      return;
    }
    res.writeHead(404).end();
  }

  /** A base64 SAMLResponse answering `requestId`, its assertion signed (unless tampered with). */
  response(input: { requestId: string; acsUrl: string; audience: string; account: FakeSamlAccount }): string {
    const tamper = this.tamper;
    const now = new Date();
    const until = new Date(now.getTime() + (tamper.expiresIn ?? 300) * 1000).toISOString();
    const issued = new Date(
      now.getTime() - (tamper.expiresIn !== undefined && tamper.expiresIn < 0 ? 600_000 : 0),
    );
    const id = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
    const { account } = input;
    const attribute = (name: string, values: string[]) =>
      `<saml:Attribute Name="${name}">${values.map((v) => `<saml:AttributeValue>${xmlEscape(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`;
    const assertion =
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id('_a')}" Version="2.0" IssueInstant="${issued.toISOString()}">` +
      `<saml:Issuer>${xmlEscape(this.entityId)}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${xmlEscape(account.nameId)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${xmlEscape(input.acsUrl)}" InResponseTo="${xmlEscape(input.requestId)}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${issued.toISOString()}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${xmlEscape(tamper.audience ?? input.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${issued.toISOString()}" SessionIndex="${id('_s')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement>${attribute('email', [account.email])}${attribute('displayName', [account.displayName])}${attribute('groups', account.groups)}</saml:AttributeStatement>` +
      `</saml:Assertion>`;
    const xml =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id('_r')}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${xmlEscape(input.acsUrl)}" InResponseTo="${xmlEscape(input.requestId)}">` +
      `<saml:Issuer>${xmlEscape(this.entityId)}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `${assertion}</samlp:Response>`;
    const signed = tamper.unsigned ? xml : this.sign(xml, tamper.foreignKey ? this.foreign : this.signing);
    return Buffer.from(signed).toString('base64');
  }

  private sign(xml: string, with_: KeyAndCert): string {
    const signature = new SignedXml({
      privateKey: with_.key,
      publicCert: with_.cert,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    signature.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    signature.computeSignature(xml, {
      location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
    });
    return signature.getSignedXml();
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
