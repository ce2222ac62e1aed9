/**
 * The most common passwords (lower case), refused as a new password whatever the strength rule says.
 * Compiled from the top of the public leaked-password rankings (SecLists' most-common lists, the CSDN and 12306 leaks
 * of Chinese sites) plus this platform's own published defaults (Jz@123456) and school words in pinyin.
 * Data only: checked by checkNewPassword (api/personal.ts), compared in lower case.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(`
123456 123456789 12345678 password qwerty123 qwerty 1q2w3e4r 12345 1234567890 1234567 111111 123123 abc123
password1 iloveyou 1q2w3e 000000 qwertyuiop 123321 dragon 654321 666666 monkey 7777777 1qaz2wsx 123qwe 121212
a123456 888888 987654321 zxcvbnm sunshine princess qwe123 admin admin123 admin888 admin1234 administrator
root123 root1234 welcome welcome1 welcome123 letmein football baseball master shadow michael superman batman
trustno1 hello123 hello1234 whatever starwars passw0rd p@ssw0rd p@ssword pa$$word password123 password12
password! passw0rd! p@ssw0rd1 p@ssw0rd123 qwerty1 qwerty12 qwerty1234 qwer1234 1234qwer asdf1234 asdfgh
asdfghjkl zxcvbn zxcv1234 zaq12wsx 1qaz2wsx3edc qazwsx qazwsxedc qaz123 wsx123 abc12345 abcd1234 abcd123
abc123456 abc123abc a1234567 a12345678 a123456789 a11111 a111111 a123123 aa123456 aa12345678 aa123123 aaa111
aaa123 aaa123456 aaaaaa aaaaaaaa aaaa1111 a1b2c3 a1b2c3d4 a1s2d3f4 1a2b3c4d q1w2e3r4 q1w2e3r4t5 1q2w3e4r5t
1q2w3e4r5t6y z1x2c3v4 qq123456 qq5201314 qq111111 woaini woaini1314 woaini520 woaini123 woaini521 5201314
520520 1314520 5211314 wo123456 iloveyou1 iloveyou520 520131400 woaiwojia zhang123 wang123 li123456 liu123456
chen123 zhangwei wangwei abc@123 abc!123 abc#123 abc_123 abc.123 admin@123 admin#123 admin!123 admin_123
root@123 test@123 test123 test1234 testtest test123456 guest123 user123 user1234 user@123 demo123 demo1234
qwe@123 qwe!123 qwe123456 qwe123qwe qweasd qweasdzxc qweasd123 asd123 asd123456 asdasd asdasd123 zxc123
zxc123456 zxcasd 1qaz@wsx 1qaz!qaz 1qaz2wsx! !qaz2wsx !qaz@wsx 1q2w3e4r! 1q2w3e!q 123qwe!@# !@#qwe123
!@#123qwe 123!@#qwe qwe!@#123 123456a 123456aa 123456ab 123456abc 123456q 123456qq 123456qwe 123456a@ 123456!
123456@ 123456. 123456789a 123456789q 12345678a 1234567a 12345a 12345q 12345qwert 12345qwe 123abc 123aaa
123asd 123qaz 123zxc 1234abcd 1234asdf 1234zxcv 111111a 111222 112233 11223344 121314 123123a 123123aa
123123abc 123123qq 123321a 147258 147258369 159357 159753 1597532486 741852 741852963 789456 789456123 7895123
963852741 258369 0123456789 987654 88888888 66666666 11111111 00000000 12341234 12344321 12121212 87654321
31415926 3.1415926 147852369 123654789 110110 110120 119119 521521 1314521 520131 zz123456 xx123456 ss123456
pp123456 ww123456 lx123456 hao123 hao123456 abcdef abcdefg abcdefgh abcdef123 abcde123 abcdefg123 asdfg123
qwert123 qwerty! qwerty@123 qwerty123! qwerty123456 iloveu iloveu123 loveyou loveyou123 love123 love1314
love520 lovely baby123 honey123 angel123 killer123 jordan23 michael1 charlie1 ashley1 jessica1 daniel1 pokemon
pokemon1 minecraft fuckyou fuckyou1 computer internet china123 china2008 beijing beijing2008 shanghai zhongguo
tianya dearbook xiazhili csdn123 csdn.net baidu123 taobao taobao123 alibaba wechat123 weixin123 school123
school@123 teacher teacher1 teacher123 teacher@123 student student1 student123 jiaoshi jiaoshi123 xuesheng
xuexiao xuexiao123 laoshi laoshi123 banzhuren kaoshi kaoshi123 jiaowu jiaowu123 zhongxue xiaoxue gaozhong
chuzhong exam123 exam@123 jz@123456 jz123456 jingzhun jingzhun123 changeme changeme1 changeme123 default
default1 default123 secret secret123 pass123 pass1234 pass@123 pass@word1 passpass mypassword mypass123
newpass newpass123 qwer!234 q1w2e3 q1w2e3r4! q123456 q12345678 w123456 z123456 s123456 x123456 l123456 m123456
k123456 ab123456 as123456 qw123456 zx123456 qaz123456 wsx123456 abc888888 888888a 666666a 5211314a aini1314
1314woaini 2012love iloveyou! 1234561 12345612 1234567890a 20082008 19491001 88889999
`.trim().split(/\s+/));
