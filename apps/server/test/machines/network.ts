import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ip = (...args: string[]) => run('ip', args);

/** One machine of the LAN: a network namespace whose one interface is plugged into the LAN's bridge. */
export interface Machine {
  /** The network namespace (`ip netns exec <netns> …` runs a process on this machine). */
  netns: string;
  /** Its address on the LAN. */
  address: string;
}

/**
 * A LAN on this host: a bridge in the host's own namespace (the host is `hostAddress` on it) and one network
 * namespace per machine, each plugged in by a veth pair. `cut` unplugs a machine's cable (its bridge port goes
 * down: packets are dropped both ways, nothing answers with a reset) and `restore` plugs it in again.
 */
export interface Lan {
  hostAddress: string;
  /** Its addresses, as `10.x.y.0/24`. */
  subnet: string;
  machines: Record<string, Machine>;
  cut: (name: string) => Promise<void>;
  restore: (name: string) => Promise<void>;
  /** Removes the namespaces (which takes their veth pairs along) and the bridge; safe to call twice. */
  remove: () => Promise<void>;
}

/** Why this host cannot make namespaces (not root, no `ip`, no permission), or null when it can. */
export async function lanUnavailable(): Promise<string | null> {
  if (process.platform !== 'linux') return `network namespaces are Linux only (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return 'network namespaces need root (ip netns add)';
  const probe = `parley-probe-${randomBytes(3).toString('hex')}`;
  try {
    await ip('netns', 'add', probe);
    await ip('netns', 'del', probe);
    return null;
  } catch (error) {
    return `ip netns add failed: ${(error as Error).message.split('\n')[0]}`;
  }
}

/** A /24 of 10.0.0.0/8 that no interface or route of the host uses yet. */
async function freeSubnet(): Promise<string> {
  const { stdout: addresses } = await ip('-4', 'addr');
  const { stdout: routes } = await ip('-4', 'route');
  for (;;) {
    const bytes = randomBytes(2);
    const prefix = `10.${200 + (bytes[0]! % 50)}.${bytes[1]}`;
    if (!addresses.includes(`${prefix}.`) && !routes.includes(`${prefix}.`)) return prefix;
  }
}

export async function createLan(names: string[]): Promise<Lan> {
  const id = randomBytes(2).toString('hex');
  const subnet = await freeSubnet();
  const bridge = `pm${id}br`;
  const hostAddress = `${subnet}.1`;
  const machines: Record<string, Machine> = {};
  const cable = (index: number) => `pm${id}${index}h`;
  const remove = async () => {
    for (const machine of Object.values(machines)) await ip('netns', 'del', machine.netns).catch(() => {});
    await ip('link', 'del', bridge).catch(() => {});
  };
  try {
    await ip('link', 'add', bridge, 'type', 'bridge');
    await ip('addr', 'add', `${hostAddress}/24`, 'dev', bridge);
    await ip('link', 'set', bridge, 'up');
    for (const [index, name] of names.entries()) {
      const netns = `parley-${id}-${name}`;
      const inside = `pm${id}${index}n`;
      const address = `${subnet}.${index + 2}`;
      await ip('netns', 'add', netns);
      machines[name] = { netns, address };
      await ip('link', 'add', cable(index), 'type', 'veth', 'peer', 'name', inside);
      await ip('link', 'set', inside, 'netns', netns);
      await ip('link', 'set', cable(index), 'master', bridge);
      await ip('link', 'set', cable(index), 'up');
      await ip('-n', netns, 'addr', 'add', `${address}/24`, 'dev', inside);
      await ip('-n', netns, 'link', 'set', inside, 'up');
      await ip('-n', netns, 'link', 'set', 'lo', 'up');
    }
  } catch (error) {
    await remove();
    throw error;
  }
  const cableOf = (name: string) => {
    const index = names.indexOf(name);
    if (index < 0) throw new Error(`No machine ${name} on this LAN`);
    return cable(index);
  };
  return {
    hostAddress,
    subnet: `${subnet}.0/24`,
    machines,
    cut: async (name) => void (await ip('link', 'set', cableOf(name), 'down')),
    restore: async (name) => void (await ip('link', 'set', cableOf(name), 'up')),
    remove,
  };
}
