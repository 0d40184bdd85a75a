import { httpUrl, webUrlProblem } from './url';

describe('web URLs', () => {
	it('accepts absolute http and https addresses', () => {
		for (const value of ['https://shop.example.com/return?order=1', 'http://127.0.0.1:8080/notify', 'HTTPS://EXAMPLE.COM']) {
			expect(webUrlProblem(value)).toBeUndefined();
		}
	});

	it('refuses other schemes, naming the scheme', () => {
		expect(webUrlProblem('javascript:alert(1)')).toBe('must be a URL starting with https:// or http:// (javascript: addresses are not allowed)');
		expect(webUrlProblem('data:text/html,<script>1</script>')).toMatch(/\(data: addresses are not allowed\)/);
		expect(webUrlProblem('file:///etc/passwd')).toMatch(/\(file: addresses are not allowed\)/);
		expect(webUrlProblem('ftp://example.com/x')).toMatch(/\(ftp: addresses/);
	});

	it('refuses what is not an absolute address', () => {
		expect(webUrlProblem('/return')).toBe('must be a URL such as https://example.com/path');
		expect(webUrlProblem('example.com')).toBe('must be a URL such as https://example.com/path');
	});

	it('bounds the length when asked', () => {
		expect(httpUrl(30).safeParse(`https://example.com/${'x'.repeat(20)}`).error!.issues[0].message).toBe('must be at most 30 characters');
		expect(httpUrl().safeParse('javascript:void(0)').success).toBe(false);
		expect(httpUrl().parse('https://example.com')).toBe('https://example.com');
	});
});
