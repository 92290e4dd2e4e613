import dns2 from 'dns2';

const { Packet } = dns2;

/**
 * A DNS server on 127.0.0.1 (UDP) answering TXT questions from `records` (domain → strings): what SSO domain
 * verification asks (SSO_DNS_SERVERS=<server>). Other names answer empty.
 */
export class FakeDns {
  readonly records = new Map<string, string[]>();

  private readonly server: dns2.UDPServer;
  readonly port: number;

  private constructor(server: dns2.UDPServer, port: number) {
    this.server = server;
    this.port = port;
  }

  static async start(): Promise<FakeDns> {
    let fake: FakeDns | undefined;
    const server = dns2.createUDPServer((request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (question && question.type === Packet.TYPE.TXT) {
        for (const data of fake?.records.get(question.name.toLowerCase()) ?? []) {
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 60,
            data,
          } as unknown as (typeof response.answers)[number]);
        }
      }
      send(response);
    });
    await server.listen(0, '127.0.0.1');
    fake = new FakeDns(server, (server.address() as { port: number }).port);
    return fake;
  }

  /** The SSO_DNS_SERVERS value pointing at this server. */
  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
