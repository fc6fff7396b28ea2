import { clientAddressKey } from './client-address.js';

describe('the address abuse limits count a client by', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:0:0:1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('%s → %s', (address, key) => {
    expect(clientAddressKey(address)).toBe(key);
  });

  it('counts two addresses of one IPv6 /64 as one client, and two /64s as two', () => {
    expect(clientAddressKey('2001:db8:1:2::a')).toBe(clientAddressKey('2001:db8:1:2:ffff::b'));
    expect(clientAddressKey('2001:db8:1:2::a')).not.toBe(clientAddressKey('2001:db8:1:3::a'));
  });
});
