#!/usr/bin/env python3
"""Writes the CSV fixtures of banks that export in a legacy encoding (Shift_JIS, GBK, Big5,
EUC-KR, Windows-1254) beside this script, with Python's codecs: the bytes Windows software
writes. The text is invented (names, accounts, amounts) in each bank's layout. Run it from
anywhere; the output is the same each time.

    python3 Tests/StatementFormatsTests/Fixtures/quirks/csv/make-legacy-encodings.py
"""
from pathlib import Path

HERE = Path(__file__).resolve().parent

FILES = {
    # A Japanese bank's account history: quoted cells, yen with thousands separators, half-width
    # katakana payees as the Zengin system sends them, CRLF.
    "shift-jis-japanese-bank.csv": ("cp932", "\r\n", [
        '"年月日","お引出し","お預入れ","お取り扱い内容","残高"',
        '"2024/03/01","","250,000","ｷﾕｳﾖ ｶ)ｱｵｿﾞﾗｼﾖｳｼﾞ","1,250,000"',
        '"2024/03/05","1,234","","ｾﾌﾞﾝｲﾚﾌﾞﾝ ｼﾌﾞﾔﾐﾔﾏｽｻﾞｶﾃﾝ","1,248,766"',
        '"2024/03/08","8,800","","ﾃﾞﾝｷﾘﾖｳｷﾝ ﾄｳｷﾖｳﾃﾞﾝﾘﾖｸ","1,239,966"',
        '"2024/03/15","50,000","","ATM ｺﾝﾋﾞﾆ","1,189,966"',
        '"2024/03/25","110","","ﾌﾘｺﾐﾃｽｳﾘﾖｳ","1,189,856"',
    ]),
    # A Chinese bank's account details in GBK: money in and out in two columns, the counterparty
    # and its account beside them.
    "gbk-chinese-bank.csv": ("gbk", "\r\n", [
        "交易日期,摘要,收入金额,支出金额,余额,对方户名,对方账号",
        "2024-03-01,工资,15000.00,,20012.30,星辰科技有限公司,6222020200112233445",
        "2024-03-03,消费,,35.50,19976.80,美团外卖,",
        "2024-03-05,转账,,3500.00,16476.80,王五,6217000010002233",
        "2024-03-10,手续费,,2.00,16474.80,中国工商银行,",
        "2024-03-21,利息,4.12,,16478.92,中国工商银行,",
    ]),
    # A Taiwanese bank's deposit history in Big5: booking and transaction dates, out and in
    # columns, the payee in the remark.
    "big5-taiwanese-bank.csv": ("cp950", "\r\n", [
        "帳務日期,交易日期,摘要,支出金額,存入金額,餘額,備註",
        "2024/03/01,2024/03/01,薪資,,52000,152000,星辰科技股份有限公司",
        "2024/03/05,2024/03/05,跨行轉帳,12000,,140000,房租 陳先生",
        "2024/03/08,2024/03/08,信用卡費,8520,,131480,國泰世華銀行",
        "2024/03/20,2024/03/20,利息,,35,131515,存款息",
    ]),
    # A Korean bank's transaction history in EUC-KR: zeros in the unused amount column.
    "euc-kr-korean-bank.csv": ("cp949", "\r\n", [
        "거래일자,적요,보낸분/받는분,출금액,입금액,잔액,거래점",
        "2024.03.01,급여,(주)별빛상사,0,3200000,5200000,인터넷",
        "2024.03.05,체크카드,이마트 성수점,45200,0,5154800,",
        "2024.03.10,자동이체,홍길동 월세,600000,0,4554800,인터넷",
        "2024.03.21,이자,예금이자,0,1250,4556050,",
    ]),
    # A Turkish bank's account activity in Windows-1254: semicolons, decimal comma.
    "windows-1254-turkish-bank.csv": ("cp1254", "\r\n", [
        "Tarih;Açıklama;Etiket;Tutar;Bakiye;Dekont No",
        "01.05.2024;Market Alışverişi Şok;;-245,50;1.754,50;100001",
        "02.05.2024;Gelen Havale Çağrı Doğan;;1.500,00;3.254,50;100002",
        "03.05.2024;Eczane Güneş;;-89,90;3.164,60;100003",
        "05.05.2024;Kırtasiye Işık;;-45,00;3.119,60;100004",
    ]),
}

for name, (codec, newline, lines) in FILES.items():
    (HERE / name).write_bytes((newline.join(lines) + newline).encode(codec))
